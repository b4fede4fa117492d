#!/usr/bin/env bash
# Webhook deliveries of `seg serve`, end to end, for BENCHMARKS.md ("Emulator webhook deliveries"): builds release,
# starts `seg webhook listen --secret` and `seg serve` seeded with a source whose enabled webhooks destination points
# at it, posts N events (default 10,000) to /v1/batch in batches of 100 over one keep-alive connection, waits until
# the listener has received them all, and prints events/s and latency percentiles. Each event carries the time it
# was posted (properties.sent_ms); its latency is the time the listener's record was read minus that. Runs three
# times: in memory as fast as one client can post (the queue grows: latency includes waiting in it), in memory paced
# at 5,000 events/s (below saturation), and with --data (every batch committed before its answer); then the same
# through a Webhooks (Actions) destination with one mapping (`data` `{"@path": "$."}`, the whole event) in place of
# the classic destination. Needs curl, jq and python3. SEG=path/to/seg uses that binary instead of building release;
# ONLY_MAPPING=1 runs only the mapping runs.
# Usage: bench/deliveries.sh [EVENTS]
set -euo pipefail
cd "$(dirname "$0")/.."
EVENTS=${1:-10000}
BATCH=100
RUNS=0

if [ -z "${SEG:-}" ]; then
  echo "== building release"
  cargo build --release --locked -q
  SEG=${CARGO_TARGET_DIR:-$PWD/target}/release/seg
fi
WORK=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT

run() { # run LABEL RATE MODE [serve flags...]   (RATE events/s; 0 = as fast as possible; MODE classic or mapping)
  local label=$1 rate=$2 mode=$3; shift 3
  local dir; dir=$WORK/run$((++RUNS)); mkdir -p "$dir"
  # The listener; each record is stamped with the time it was read (Unix ms).
  "$SEG" webhook listen --port 0 --secret bench -o ndjson 2> "$dir/listen.err" | python3 -u -c '
import sys, time
for line in sys.stdin.buffer:
    sys.stdout.buffer.write(b"%.3f\t" % (time.time() * 1000) + line)
    sys.stdout.buffer.flush()
' > "$dir/received.tsv" &
  until grep -q '^listening on' "$dir/listen.err" 2>/dev/null; do sleep 0.05; done
  local hook
  hook="$(sed -n 's/^listening on //p' "$dir/listen.err")/hook"
  if [ "$mode" = classic ]; then
    cat > "$dir/seed.json" <<JSON
{"sources": [{"name": "workspaces/demo/sources/web", "catalog_name": "catalog/sources/javascript"}],
 "destinations": [{"name": "workspaces/demo/sources/web/destinations/webhooks", "enabled": true,
                   "config": [{"name": "sharedSecret", "value": "bench"}, {"name": "hooks", "value": [{"hook": "$hook"}]}]}]}
JSON
  else
    echo '{"sources": [{"name": "workspaces/demo/sources/web", "catalog_name": "catalog/sources/javascript"}]}' \
      > "$dir/seed.json"
  fi
  "$SEG" serve --port 0 --rate-limit 0 --accept-token bench:workspace --seed "$dir/seed.json" "$@" \
    > "$dir/serve.out" 2> "$dir/serve.err" &
  until grep -q '^token' "$dir/serve.out" 2>/dev/null; do sleep 0.05; done
  local base key
  base=$(head -1 "$dir/serve.out" | cut -d' ' -f3)
  key=$(curl -sf -H 'Authorization: Bearer bench' "$base/v1beta/workspaces/demo/sources/web" | jq -r '.write_keys[0]')
  if [ "$mode" = mapping ]; then
    # A Webhooks (Actions) destination and its one mapping, through the Public API.
    local auth=(-H 'Authorization: Bearer bench' -H 'Content-Type: application/json') source destination
    source=$(curl -sf "${auth[@]}" "$base/sources" | jq -r '.data.sources[0].id')
    destination=$(curl -sf "${auth[@]}" "$base/destinations" -d "{\"sourceId\": \"$source\", \"enabled\": true,
      \"metadataId\": \"614a3c7d791c91c41bae7599\", \"settings\": {\"sharedSecret\": \"bench\"}}" | jq -r '.data.destination.id')
    curl -sf "${auth[@]}" "$base/destinations/$destination/subscriptions" -d "{\"name\": \"bench\",
      \"actionId\": \"send\", \"trigger\": \"type = \\\"track\\\"\", \"enabled\": true,
      \"settings\": {\"url\": \"$hook\", \"data\": {\"@path\": \"\$.\"}}}" > /dev/null
  fi

  # Post the events: one keep-alive connection, batches of $BATCH, each event stamped when its batch is sent.
  python3 - "$base" "$key" "$EVENTS" "$BATCH" "$rate" > "$dir/post.txt" <<'PY'
import base64, http.client, json, sys, time, urllib.parse
base, key, events, size, rate = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5])
url = urllib.parse.urlparse(base)
conn = http.client.HTTPConnection(url.hostname, url.port)
auth = "Basic " + base64.b64encode(f"{key}:".encode()).decode()
started = time.time()
for first in range(0, events, size):
    if rate > 0:
        time.sleep(max(0.0, started + first / rate - time.time()))
    now = time.time() * 1000
    batch = [{"type": "track", "userId": f"user-{i % 997}", "messageId": f"m-{i}", "event": "Bench Event",
              "properties": {"n": i, "sent_ms": now}, "context": {"library": {"name": "bench", "version": "1"}}}
             for i in range(first, min(first + size, events))]
    conn.request("POST", "/v1/batch", json.dumps({"batch": batch}), {"Authorization": auth, "Content-Type": "application/json"})
    response = conn.getresponse()
    body = response.read()
    if response.status != 200:
        sys.exit(f"batch at {first}: {response.status} {body!r}")
print(f"{(time.time() - started) * 1000:.1f}")
PY
  local deadline=$((SECONDS + 300))
  until [ "$(wc -l < "$dir/received.tsv")" -ge "$EVENTS" ]; do
    if [ $SECONDS -ge $deadline ]; then
      echo "timed out: $(wc -l < "$dir/received.tsv") of $EVENTS received" >&2
      exit 1
    fi
    sleep 0.1
  done
  local counts
  counts=$(curl -sf "$base/_emulator/deliveries" | jq -c '{queued, delivered, failed, pending}')
  python3 - "$label" "$dir/received.tsv" "$(cat "$dir/post.txt")" "$counts" <<'PY'
import json, sys
label, path, post_ms, counts = sys.argv[1], sys.argv[2], float(sys.argv[3]), sys.argv[4]
latencies, sent, received, valid = [], [], [], 0
for line in open(path):
    stamp, record = line.split("\t", 1)
    record = json.loads(record)
    body = json.loads(record["body"])
    valid += record["signature"] == "valid"
    t_sent, t_received = body["properties"]["sent_ms"], float(stamp)
    sent.append(t_sent); received.append(t_received); latencies.append(t_received - t_sent)
latencies.sort()
pct = lambda p: latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))]
span = (max(received) - min(sent)) / 1000
print(f"{label}: {len(latencies)} events in {span:.2f}s = {len(latencies) / span:,.0f} events/s end to end; "
      f"posting took {post_ms / 1000:.2f}s; latency p50 {pct(50):.1f} ms, p99 {pct(99):.1f} ms, max {latencies[-1]:.1f} ms; "
      f"signatures valid {valid}/{len(latencies)}; emulator counts {counts}")
PY
  kill %2 %1 2>/dev/null || true
  wait 2>/dev/null || true
}

echo "== $EVENTS events in batches of $BATCH, one webhooks destination, one local listener ($(nproc) cores)"
[ -n "${ONLY_MAPPING:-}" ] || run "memory, as fast as posted" 0 classic
[ -n "${ONLY_MAPPING:-}" ] || run "memory, paced at 5,000/s" 5000 classic
[ -n "${ONLY_MAPPING:-}" ] || run "--data, as fast as posted" 0 classic --data "$WORK/state.redb"
echo "== the same through Webhooks (Actions): one mapping, data the whole event"
run "mapping, memory, as fast as posted" 0 mapping
run "mapping, memory, paced at 5,000/s" 5000 mapping
run "mapping, --data, as fast as posted" 0 mapping --data "$WORK/state2.redb"
