#!/usr/bin/env bash
# Run a full Config API v1beta session against BASE_URL with TOKEN, through the public
# client libraries that install here:
#   1. PyPI  segment-config-api 0.0.1     (drive_client.py)   - always
#   2. npm   segment-typescript-api 0.6.10 (drive_client.js)  - unless DRIVE_JS=0
# Exits non-zero on the first failure.
#
#   BASE_URL=http://127.0.0.1:8808 TOKEN=... [WORKSPACE=demo] ./drive_client.sh
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
: "${BASE_URL:?set BASE_URL, e.g. http://127.0.0.1:8808}"
: "${TOKEN:?set TOKEN to a write-scoped token the server accepts}"
export BASE_URL TOKEN WORKSPACE="${WORKSPACE:-demo}"

CACHE="${SEG_COMPAT_CACHE:-$HOME/.cache/seg-compat}"
VENV="${VENV:-$CACHE/venv}"
if [ ! -x "$VENV/bin/python" ] || ! "$VENV/bin/python" -c 'import segment_config_api' 2>/dev/null; then
  echo "== installing segment-config-api into $VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q 'segment-config-api==0.0.1'
fi
echo "== python: segment-config-api"
"$VENV/bin/python" "$HERE/drive_client.py"

if [ "${DRIVE_JS:-1}" != "0" ]; then
  NPMDIR="${NPMDIR:-$CACHE/npm}"
  if [ ! -d "$NPMDIR/node_modules/segment-typescript-api" ]; then
    echo "== installing segment-typescript-api into $NPMDIR"
    mkdir -p "$NPMDIR"
    (cd "$NPMDIR" && { [ -f package.json ] || npm init -y >/dev/null; } && npm install --silent segment-typescript-api@0.6.10)
  fi
  echo "== node: segment-typescript-api"
  LIB_DIR="$NPMDIR/node_modules" node "$HERE/drive_client.js"
fi
echo "== all client sessions passed"
