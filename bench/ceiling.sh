#!/usr/bin/env bash
# Work at the service's rate ceiling, for BENCHMARKS.md ("At the ceiling"). Not part of .ci/run: the paced runs
# wait on the rate limit by design and take about fifteen minutes.
#   1. 4 parallel processes x 100 writes on one token against `seg serve --rate-limit 200`: no 429, and the time
#      against (400 - burst) x 0.3 s.
#   2. `destinations list --all` over 1,000 sources (--rate-limit 0): time and requests, concurrent vs one source
#      after another.
#   3. `seg diff` of a workspace of 1,000 sources and 2,000 destinations (--rate-limit 0): time and requests.
#   4. `seg apply` of 600 changes (300 sources, 300 destinations) at --rate-limit 200 against `seg serve --rate-limit 200`: no 429, and the time
#      against (writes + reads - burst) x 0.3 s.
#   5. 3 machines (runtime folders) x 100 writes on one token with one budget URL (a redis-server of its own on a
#      free loopback port) against `seg serve --rate-limit 200`: no 429, and the time against (300 - burst) x 0.3 s;
#      then the same without the URL, each machine pacing alone.
#   6. A move to the Public API: a Config API workspace of 300 sources with 2 destinations each, exported, then
#      applied with --api public at --rate-limit 200 into an empty workspace of another `seg serve --rate-limit 200`:
#      the writes by kind (a create each, and a PATCH where a create cannot carry a field), no 429, and the time
#      against (requests - burst) x 0.3 s. About seven minutes.
#   7. Per-operation limits: 3 processes each applying its own file (17, 17 and 16 sources, each with a Webhooks
#      (Actions) destination of 3 mappings: 150 mapping writes, whose operations allow 5 a minute) to an empty Public
#      API workspace of `seg serve --rate-limit 200`, on one Redis budget: no 429, and the time against 150 writes
#      at 5 a minute (30 minutes); beside it, at the same time, the same on another emulator with the token's budget
#      only (SEG_TEST_TOKEN_BUDGET_ONLY=1, as seg paced before), which meets 429s. About 31 minutes.
#   8. A tracking plan of 1,000 rules created and then changed on the Public API emulator: every call of at most
#      200 rules, the calls counted.
# Usage: bench/ceiling.sh [SECTION...]   (all eight by default; e.g. `bench/ceiling.sh 4` runs only the apply)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v jq >/dev/null || { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null; }
if [ -n "${SEG_BENCH_BIN:-}" ]; then # a build of one's own (sections 7 and 8 wait on pacing, not on the CPU)
  SEG=$(realpath "$SEG_BENCH_BIN"); echo "== using $SEG"
else
  echo "== building release"
  cargo build --release --locked -q
  SEG=$PWD/target/release/seg
fi
WORK=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT
export SEG_RUNTIME_DIR=$WORK/runtime SEG_CONFIG_DIR=$WORK/config SEG_NO_KEYRING=1
export SEG_TOKEN=bench
BURST=10
SECTIONS=" ${*:-1 2 3 4 5 6 7 8} "
want() { [[ "$SECTIONS" == *" $1 "* ]]; }

seed() { # seed SOURCES DESTINATIONS_PER_SOURCE FILE
  python3 - "$1" "$2" > "$3" <<'PY'
import json, sys
n, d = int(sys.argv[1]), int(sys.argv[2])
slugs = ["webhooks", "amplitude", "mixpanel", "slack"][:d]
print(json.dumps({
  "sources": [{"name": f"workspaces/demo/sources/s{i:04d}", "catalog_name": "catalog/sources/javascript"} for i in range(n)],
  "destinations": [{"name": f"workspaces/demo/sources/s{i:04d}/destinations/{s}"} for i in range(n) for s in slugs],
}))
PY
}

serve() { # serve RATE SEEDFILE LOG: starts an emulator, sets BASE
  "$SEG" serve --port 0 --rate-limit "$1" --accept-token bench:workspace --seed "$2" > "$3" 2>"$3.err" &
  until grep -q '^token' "$3" 2>/dev/null; do sleep 0.05; done
  BASE=$(head -1 "$3" | cut -d' ' -f3)
}

count_429() { grep -c ' 429 ' "$1" || true; }
requests() { grep -cE '^(GET|POST|PATCH|PUT|DELETE) /v1beta' "$1" || true; }
now() { date +%s.%N; }

if want 1; then
echo
echo "== 1. 4 processes x 100 writes, one token, seg serve --rate-limit 200"
seed 0 0 "$WORK/empty.json"; serve 200 "$WORK/empty.json" "$WORK/s1"
for p in 0 1 2 3; do seq -f "p$p-%03g" 0 99 > "$WORK/names-$p"; done
start=$(now); pids=()
for p in 0 1 2 3; do
  SEG_TOKEN=bench SEG_BASE_URL=$BASE "$SEG" -w demo sources create --each "$WORK/names-$p" --catalog javascript \
    --rate-limit 200 --max-retries 0 > "$WORK/out-$p" 2>"$WORK/err-$p" &
  pids+=($!)
done
for pid in "${pids[@]}"; do wait "$pid" || true; done
elapsed=$(python3 -c "print(f'{$(now) - $start:.1f}')")
ok=$(cat "$WORK"/out-* | jq -s 'map(select(.ok)) | length')
goal=$(python3 -c "print(f'{(400 - $BURST) * 0.3:.1f}')")
printf "400 writes: %s ok, %s answered 429; %ss (goal %ss +-5%%: %s)\n" "$ok" "$(count_429 "$WORK/s1.err")" \
  "$elapsed" "$goal" "$(python3 -c "print('yes' if abs($elapsed - $goal) <= 0.05 * $goal else 'no')")"
kill %1 2>/dev/null || true

fi

if want 2; then
echo
echo "== 2. every destination of 1,000 sources (one each), --rate-limit 0"
seed 1000 1 "$WORK/thousand.json"; serve 0 "$WORK/thousand.json" "$WORK/s2"
export SEG_BASE_URL=$BASE
: > "$WORK/s2.err"
start=$(now); "$SEG" -w demo destinations list --all --rate-limit 0 -o ndjson | wc -l > "$WORK/n-all"; t_all=$(python3 -c "print(f'{$(now) - $start:.2f}')")
r_all=$(requests "$WORK/s2.err"); : > "$WORK/s2.err"
start=$(now); "$SEG" -w demo destinations list --limit 1000000 --rate-limit 0 -o ndjson | wc -l > "$WORK/n-seq"; t_seq=$(python3 -c "print(f'{$(now) - $start:.2f}')")
r_seq=$(requests "$WORK/s2.err")
printf "concurrent: %s items in %ss, %s requests; one after another: %s items in %ss, %s requests (%sx)\n" \
  "$(cat "$WORK/n-all")" "$t_all" "$r_all" "$(cat "$WORK/n-seq")" "$t_seq" "$r_seq" "$(python3 -c "print(f'{$t_seq/$t_all:.1f}')")"
# On loopback a list answers in well under a millisecond, so concurrency has nothing to hide. The service answers in
# tens to hundreds of milliseconds (235 sources took 67 s here: 285 ms a list); the same listing with 20 ms added
# to every per-source list by the emulator's delay fault:
curl -fsS -X POST "$BASE/_emulator/faults" -H 'content-type: application/json' \
  -d '{"method": "GET", "path": "/v1beta/workspaces/demo/sources/s", "delay_ms": 20, "count": 1000000}' >/dev/null
start=$(now); "$SEG" -w demo destinations list --all --rate-limit 0 -o ndjson | wc -l > "$WORK/n-all"; t_all=$(python3 -c "print(f'{$(now) - $start:.2f}')")
start=$(now); "$SEG" -w demo destinations list --limit 1000000 --rate-limit 0 -o ndjson | wc -l > "$WORK/n-seq"; t_seq=$(python3 -c "print(f'{$(now) - $start:.2f}')")
printf "with 20 ms a list: concurrent %s items in %ss; one after another %s items in %ss (%sx)\n" \
  "$(cat "$WORK/n-all")" "$t_all" "$(cat "$WORK/n-seq")" "$t_seq" "$(python3 -c "print(f'{$t_seq/$t_all:.1f}')")"
kill %1 2>/dev/null || true

fi

if want 3; then
echo
echo "== 3. seg diff of 1,000 sources and 2,000 destinations, --rate-limit 0"
seed 1000 2 "$WORK/diff.json"; serve 0 "$WORK/diff.json" "$WORK/s3"
export SEG_BASE_URL=$BASE
"$SEG" -w demo export --file "$WORK/demo.yaml" --rate-limit 0
: > "$WORK/s3.err"
start=$(now); "$SEG" diff --file "$WORK/demo.yaml" --rate-limit 0 -o json > "$WORK/plan.json" || true; t=$(python3 -c "print(f'{$(now) - $start:.2f}')")
printf "diff: %s changes, %s requests (1,000 sources / 100 a page = 10, 1 tracking-plan page, 1,000 destination lists: 1,011), %ss\n" \
  "$(jq '.changes | length' "$WORK/plan.json")" "$(requests "$WORK/s3.err")" "$t"
kill %1 2>/dev/null || true

fi

if want 4; then
echo
echo "== 4. seg apply of 600 changes at --rate-limit 200 against seg serve --rate-limit 200"
seed 300 1 "$WORK/apply.json"; serve 200 "$WORK/apply.json" "$WORK/s4"
export SEG_BASE_URL=$BASE
rm -rf "$SEG_RUNTIME_DIR"
# The emulator limits this token to 200 a minute: the export is paced too (about 300 reads, 1.5 minutes).
"$SEG" -w demo export --file "$WORK/before.yaml" --rate-limit 200
# Every `enabled: false` becomes true: 300 destinations enabled, and 300 sources' library_config
# (metrics_enabled, cross_domain_id_enabled): 600 writes, one request each.
sed 's/enabled: false/enabled: true/' "$WORK/before.yaml" > "$WORK/after.yaml"
sleep 61   # let the emulator's budget for the token refill after the export
: > "$WORK/s4.err"
start=$(now); "$SEG" apply --file "$WORK/after.yaml" --rate-limit 200 --max-retries 0 2>"$WORK/apply.err"; t=$(python3 -c "print(f'{$(now) - $start:.1f}')")
writes=$(grep -cE '^(POST|PATCH|PUT|DELETE) /v1beta' "$WORK/s4.err" || true); reads=$(grep -cE '^GET /v1beta' "$WORK/s4.err" || true)
goal=$(python3 -c "print(f'{($writes + $reads - $BURST) * 0.3:.1f}')")
printf "apply: %s writes + %s reads, %s answered 429; %ss (goal %ss +-5%%: %s)\n" "$writes" "$reads" \
  "$(count_429 "$WORK/s4.err")" "$t" "$goal" "$(python3 -c "print('yes' if abs($t - $goal) <= 0.05 * $goal else 'no')")"
fi

if want 5; then
echo
echo "== 5. 3 machines x 100 writes, one token, seg serve --rate-limit 200: one budget URL, then none"
command -v redis-server >/dev/null || { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; }
RPORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
redis-server --port "$RPORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$WORK" > "$WORK/redis.log" 2>&1 &
RPID=$!
until redis-cli -p "$RPORT" ping >/dev/null 2>&1; do sleep 0.05; done
machines() { # machines LABEL BUDGET_URL (empty: none); LABEL names the files, without spaces
  seed 0 0 "$WORK/empty.json"; serve 200 "$WORK/empty.json" "$WORK/s5-$1"; local spid=$!
  local start pids=() m
  for m in 0 1 2; do seq -f "m$m-%03g" 0 99 > "$WORK/names5-$m"; done
  start=$(now)
  for m in 0 1 2; do
    SEG_RUNTIME_DIR=$WORK/machine-$1-$m SEG_BUDGET_URL=$2 SEG_TOKEN=bench SEG_BASE_URL=$BASE \
      "$SEG" -w demo sources create --each "$WORK/names5-$m" --catalog javascript --rate-limit 200 --max-retries 0 \
      > "$WORK/out5-$1-$m" 2>"$WORK/err5-$1-$m" &
    pids+=($!)
  done
  for pid in "${pids[@]}"; do wait "$pid" || true; done
  local elapsed ok warned goal
  elapsed=$(python3 -c "print(f'{$(now) - $start:.1f}')")
  ok=$(cat "$WORK"/out5-"$1"-* | jq -s 'map(select(.ok)) | length')
  warned=$(cat "$WORK"/err5-"$1"-* | grep -c '^warning' || true)
  goal=$(python3 -c "print(f'{(300 - $BURST) * 0.3:.1f}')")
  printf "%s: 300 writes: %s ok, %s answered 429, %s warnings; %ss (goal %ss +-5%%: %s)\n" "$1" "$ok" \
    "$(count_429 "$WORK/s5-$1.err")" "$warned" "$elapsed" "$goal" \
    "$(python3 -c "print('yes' if abs($elapsed - $goal) <= 0.05 * $goal else 'no')")"
  kill "$spid" 2>/dev/null || true
}
machines shared "redis://127.0.0.1:$RPORT/0"   # one budget URL for the three
machines alone ""                               # each machine paces alone
kill "$RPID" 2>/dev/null || true
fi

if want 6; then
echo
echo "== 6. a Config API workspace of ${SEG_MOVE_SOURCES:-300} sources x 2 destinations moved to an empty Public API workspace at 200/min"
# The Config API workspace: each source with a display name (which a Public API create cannot carry), a webhooks
# destination with a hook and a secret, and an amplitude one, disabled.
python3 - "${SEG_MOVE_SOURCES:-300}" > "$WORK/from.json" <<'PY'
import json, sys
n = int(sys.argv[1])
print(json.dumps({
  "sources": [{"name": f"workspaces/demo/sources/s{i:04d}", "catalog_name": "catalog/sources/javascript",
               "display_name": f"Site {i}"} for i in range(n)],
  "destinations": [d for i in range(n) for d in (
    {"name": f"workspaces/demo/sources/s{i:04d}/destinations/webhooks", "enabled": True,
     "config": [{"name": "hooks", "value": [{"hook": f"https://hooks.example/{i}"}]},
                {"name": "sharedSecret", "value": f"secret-{i:04d}"}]},
    {"name": f"workspaces/demo/sources/s{i:04d}/destinations/amplitude", "enabled": False,
     "config": [{"name": "apiKey", "value": f"key-{i:04d}"}]})],
}))
PY
serve 0 "$WORK/from.json" "$WORK/s6-from"; FROM=$BASE
seed 0 0 "$WORK/empty.json"; serve 200 "$WORK/empty.json" "$WORK/s6-to"; TO=$BASE
rm -rf "$SEG_RUNTIME_DIR"
SEG_BASE_URL=$FROM "$SEG" -w demo export --file "$WORK/move.yaml" --secrets plain --rate-limit 0 2>/dev/null
: > "$WORK/s6-to.err"
start=$(now)
SEG_API=public SEG_BASE_URL=$TO "$SEG" apply --file "$WORK/move.yaml" --yes --rate-limit 200 --max-retries 0 \
  2>"$WORK/move.err" || { tail -5 "$WORK/move.err"; exit 1; }
t=$(python3 -c "print(f'{$(now) - $start:.1f}')")
log=$WORK/s6-to.err
sources=$(grep -cE '^POST /sources ' "$log" || true); names=$(grep -cE '^PATCH /sources/' "$log" || true)
destinations=$(grep -cE '^POST /destinations ' "$log" || true)
writes=$(grep -cE '^(POST|PATCH|PUT|DELETE) /' "$log" || true); reads=$(grep -cE '^GET /' "$log" || true)
goal=$(python3 -c "print(f'{($writes + $reads - $BURST) * 0.3:.1f}')")
printf "move: %s writes (%s source creates, %s source PATCHes for the name, %s destination creates) + %s reads, %s answered 429; %ss (goal %ss +-5%%: %s)\n" \
  "$writes" "$sources" "$names" "$destinations" "$reads" "$(count_429 "$log")" "$t" "$goal" \
  "$(python3 -c "print('yes' if abs($t - $goal) <= 0.05 * $goal else 'no')")"
# Run again: nothing to write.
: > "$log"
SEG_API=public SEG_BASE_URL=$TO "$SEG" apply --file "$WORK/move.yaml" --yes --rate-limit 200 2>/dev/null
printf "again: %s writes\n" "$(grep -cE '^(POST|PATCH|PUT|DELETE) /' "$log" || true)"
fi

if want 7; then
echo
echo "== 7. 150 mapping writes (5 a minute) from 3 processes on one Redis budget, beside the token's budget only"
command -v redis-server >/dev/null || { apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null; }
RPORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
redis-server --port "$RPORT" --bind 127.0.0.1 --save '' --appendonly no --dir "$WORK" > "$WORK/redis7.log" 2>&1 &
RPID=$!
until redis-cli -p "$RPORT" ping >/dev/null 2>&1; do sleep 0.05; done
for p in 0 1 2; do # files of 17, 17 and 16 sources, each with an Actions destination of 3 mappings
  python3 - "$p" > "$WORK/actions-$p.json" <<'PY'
import json, sys
p = int(sys.argv[1])
first, count = [(0, 17), (17, 17), (34, 16)][p]
sources = {}
for i in range(first, first + count):
    sources[f"s{i:03d}"] = {"catalog_name": "catalog/sources/javascript", "destinations": {"actions-webhook": {
        "enabled": True,
        "mappings": {f"m{k}": {"action": "send", "trigger": f'type = "track" and event = "E{k}"', "enabled": True,
                               "settings": {"url": f"https://hooks.example/{i}/{k}"}} for k in range(3)}}}}
print(json.dumps({"format": "seg/1", "workspace": "demo", "sources": sources}))
PY
done
ceiling() { # ceiling LABEL BUDGET_URL TOKEN_ONLY: three applies at once; prints a line when done
  seed 0 0 "$WORK/empty.json"; serve 200 "$WORK/empty.json" "$WORK/s7-$1"; local spid=$! base=$BASE
  local start pids=() p
  start=$(now)
  for p in 0 1 2; do
    SEG_RUNTIME_DIR=$WORK/machine7-$1-$p SEG_BUDGET_URL=$2 SEG_TEST_TOKEN_BUDGET_ONLY=$3 SEG_API=public \
      SEG_BASE_URL=$base "$SEG" apply --file "$WORK/actions-$p.json" --yes --rate-limit 200 --max-retries 20 \
      > "$WORK/out7-$1-$p" 2>"$WORK/err7-$1-$p" &
    pids+=($!)
  done
  local failed=0
  for pid in "${pids[@]}"; do wait "$pid" || failed=$((failed + 1)); done
  local elapsed writes goal
  elapsed=$(python3 -c "print(f'{$(now) - $start:.1f}')")
  writes=$(grep -cE 'POST /destinations/[^/ ]+/subscriptions 200 ' "$WORK/s7-$1.err" || true)
  goal=1800
  printf "%s: %s applies failed; %s mapping creates answered; %s answered 429; %ss (goal %ss, ratio %s)\n" "$1" \
    "$failed" "$writes" "$(count_429 "$WORK/s7-$1.err")" "$elapsed" "$goal" \
    "$(python3 -c "print(f'{$elapsed / $goal:.3f}')")"
  kill "$spid" 2>/dev/null || true
}
ceiling operation "redis://127.0.0.1:$RPORT/0" 0 &
ceiling token-only "redis://127.0.0.1:$RPORT/1" 1 &
wait
kill "$RPID" 2>/dev/null || true
fi

if want 8; then
echo
echo "== 8. a tracking plan of 1,000 rules on the Public API emulator, created, then changed (300 removed, 100 edited, 300 added)"
python3 - "$WORK/rules.json" "$WORK/rules2.json" <<'PY'
import json, sys
def event(i, edited=False):
    props = {"n": {"type": "integer"}}
    if edited:
        props["m"] = {"type": "string"}
    return {"name": f"Event {i:04d}", "version": 1, "rules": {"type": "object", "properties": props}}
json.dump({"events": [event(i) for i in range(1000)]}, open(sys.argv[1], "w"))
json.dump({"events": [event(i, i < 400) for i in range(300, 1300)]}, open(sys.argv[2], "w"))
PY
seed 0 0 "$WORK/empty.json"; serve 200 "$WORK/empty.json" "$WORK/s8"; spid=$!
rules_calls() { # rules_calls LABEL SECONDS: the rule writes the emulator logged since the last call
  local log=$WORK/s8.err
  printf "%s: %s PUT, %s PATCH, %s DELETE of rules, %s answered 400 or 429; %ss\n" "$1" \
    "$(grep -cE '^PUT /tracking-plans/[^/ ]+/rules 200 ' "$log" || true)" \
    "$(grep -cE '^PATCH /tracking-plans/[^/ ]+/rules 200 ' "$log" || true)" \
    "$(grep -cE '^DELETE /tracking-plans/[^/ ]+/rules 200 ' "$log" || true)" \
    "$(grep -cE ' (400|429) ' "$log" || true)" "$2"
  : > "$log"
}
: > "$WORK/s8.err"
start=$(now)
SEG_API=public SEG_BASE_URL=$BASE "$SEG" -w demo tracking-plans create --display-name Big \
  --rules "$WORK/rules.json" --rate-limit 200 --max-retries 0 -o name > "$WORK/out8" 2>"$WORK/err8" || cat "$WORK/err8"
rules_calls "created (1,000 rules)" "$(python3 -c "print(f'{$(now) - $start:.1f}')")"
PLAN=$(cat "$WORK/out8")
start=$(now)
SEG_API=public SEG_BASE_URL=$BASE "$SEG" tracking-plans update "$PLAN" --rules "$WORK/rules2.json" \
  --rate-limit 200 --max-retries 0 -o name > /dev/null 2>"$WORK/err8b" || cat "$WORK/err8b"
rules_calls "changed (300 removed, 100 edited, 300 added)" "$(python3 -c "print(f'{$(now) - $start:.1f}')")"
kill "$spid" 2>/dev/null || true
fi
