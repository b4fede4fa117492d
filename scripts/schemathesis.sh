#!/usr/bin/env bash
# Schema conformance, a manual run (not CI): schemathesis against `seg serve`, reading the emulator's own
# description of one of its two APIs, with every check and every phase. TESTING.md records the last runs.
#
#   scripts/schemathesis.sh                  # the Config API: GET /openapi.json
#   scripts/schemathesis.sh --public         # the Public API: GET /openapi-public.json
#   scripts/schemathesis.sh --seed 42        # extra arguments go to `st run`
#
# Needs python3 (with venv) and cargo. Installs schemathesis into target/schemathesis-venv (or $SEG_ST_VENV), builds
# seg, starts `seg serve` on a free port, runs st, stops the server, and exits with st's status.
# SEG_ST_MAX_EXAMPLES (100) and SEG_ST_MAX_TIME (600 s) size the run.
set -euo pipefail
cd "$(dirname "$0")/.."

ST_VERSION=4.32.5
MAX_EXAMPLES=${SEG_ST_MAX_EXAMPLES:-100}
# Fuzzing and the stateful phase repeat until the budget is spent: 10 minutes reach every link.
MAX_TIME=${SEG_ST_MAX_TIME:-600}
VENV=${SEG_ST_VENV:-target/schemathesis-venv}

# Which API: its document, the hooks that state what its document cannot, its settings.
API=config
if [ "${1:-}" = "--public" ]; then
  API=public
  shift
fi
case "$API" in
  config) DOCUMENT=openapi.json HOOKS=hooks.py SETTINGS=schemathesis.toml CACHE=schemathesis-cache ;;
  public) DOCUMENT=openapi-public.json HOOKS=public_hooks.py SETTINGS=public.toml CACHE=schemathesis-cache-public ;;
esac

if ! "$VENV/bin/st" --version 2>/dev/null | grep -q "$ST_VERSION"; then
  echo "== installing schemathesis $ST_VERSION into $VENV" >&2
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "schemathesis==$ST_VERSION"
fi

echo "== building seg" >&2
cargo build --locked --quiet
TARGET_DIR=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
SEG="$TARGET_DIR/debug/seg"

WORK=$(mktemp -d)
TOKEN="st-$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
# The server's log (a line per request, and why it stopped if it did) outlives the run, for a failure to be read.
SERVER_LOG="$TARGET_DIR/schemathesis-$API-serve.log"
# No rate limit: schemathesis sends thousands of requests a minute.
"$SEG" serve --port 0 --rate-limit 0 --accept-token "$TOKEN:workspace" >"$WORK/stdout" 2>"$SERVER_LOG" &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null; wait "$SERVER" 2>/dev/null; rm -rf "$WORK"' EXIT

# The first stdout line is `listening on http://HOST:PORT` (docs/EMULATOR.md).
for _ in $(seq 100); do
  grep -q '^listening on ' "$WORK/stdout" 2>/dev/null && break
  kill -0 "$SERVER" 2>/dev/null || { cat "$SERVER_LOG" >&2; exit 1; }
  sleep 0.1
done
BASE=$(sed -n 's/^listening on //p' "$WORK/stdout" | head -n 1)
[ -n "$BASE" ] || { echo "seg serve did not start" >&2; exit 1; }

# The id of the run's own token, which the hooks never delete (the Public API has no token operations).
TOKEN_ID=$(python3 - "$BASE" "$TOKEN" <<'PY'
import json, sys, urllib.request
base, token = sys.argv[1:]
request = urllib.request.Request(f"{base}/v1beta/access-tokens", headers={"Authorization": f"Bearer {token}"})
tokens = json.load(urllib.request.urlopen(request))["access_tokens"]
print(tokens[0]["name"].rsplit("/", 1)[1])
PY
)

echo "== schemathesis $ST_VERSION against $BASE/$DOCUMENT" >&2
status=0
SCHEMATHESIS_HOOKS="$PWD/scripts/schemathesis/$HOOKS" SEG_ST_TOKEN_ID="$TOKEN_ID" \
  SEG_ST_BASE="$BASE" SEG_ST_TOKEN="$TOKEN" \
  SEG_ST_CACHE_DIR="$TARGET_DIR/$CACHE" \
  "$VENV/bin/st" --config-file "scripts/schemathesis/$SETTINGS" run "$BASE/$DOCUMENT" \
  --header "Authorization: Bearer $TOKEN" \
  --checks all \
  --exclude-checks unsupported_method \
  --phases examples,coverage,fuzzing,stateful \
  --max-examples "$MAX_EXAMPLES" \
  --max-time "$MAX_TIME" \
  --workers 1 \
  --output-sanitize false \
  --no-color \
  "$@" || status=$?
kill -0 "$SERVER" 2>/dev/null || echo "== seg serve was gone by the end of the run; its log: $SERVER_LOG" >&2
echo "== the server's log: $SERVER_LOG" >&2
exit "$status"
