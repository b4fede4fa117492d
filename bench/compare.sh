#!/usr/bin/env bash
# Side-by-side comparisons for BENCHMARKS.md, in one run on this machine. Installs what it needs from the OS
# packages (hyperfine, wrk, curl, jq, openssl), builds release, starts `seg serve --rate-limit 0` seeded with data,
# and prints each figure with its ratio and goal. Takes a few minutes on 2 cores.
# `bench/compare.sh --ceiling` then runs bench/ceiling.sh too: work at the service's rate limit (parallel writers on
# one token, concurrent listings, diff and apply at scale), which waits on that limit by design (about six minutes).
# `bench/compare.sh 1 8` runs only the sections named.
set -euo pipefail
cd "$(dirname "$0")/.."
need() { command -v "$1" >/dev/null 2>&1; }
missing=()
for tool in hyperfine wrk curl jq openssl; do need "$tool" || missing+=("$tool"); done
need /usr/bin/time || [ -x /usr/bin/time ] || missing+=(time)
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing ${missing[*]}"
  apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

SECTIONS=()
CEILING=
for arg in "$@"; do
  case "$arg" in
    --ceiling) CEILING=1 ;;
    *) SECTIONS+=("$arg") ;;
  esac
done
want() { [ ${#SECTIONS[@]} -eq 0 ] || [[ " ${SECTIONS[*]} " == *" $1 "* ]]; }

echo "== building release"
cargo build --release --locked -q
SEG=$PWD/target/release/seg
WORK=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$WORK"' EXIT

seed() { # seed N FILE: N sources in workspace demo
  python3 - "$1" > "$2" <<'PY'
import json, sys
n = int(sys.argv[1])
print(json.dumps({"sources": [{"name": f"workspaces/demo/sources/s{i:06d}", "catalog_name": "catalog/sources/javascript"} for i in range(n)]}))
PY
}

serve() { # serve SEEDFILE: starts an emulator, sets BASE
  "$SEG" serve --port 0 --rate-limit 0 --accept-token bench:workspace --seed "$1" > "$WORK/serve.out" 2>/dev/null &
  until grep -q '^token' "$WORK/serve.out" 2>/dev/null; do sleep 0.05; done
  BASE=$(head -1 "$WORK/serve.out" | cut -d' ' -f3)
}

ratio() { python3 -c "print(f'{$1/$2:.2f}')"; }

seed 10000 "$WORK/seed10k.json"; serve "$WORK/seed10k.json"; BASE10K=$BASE
export SEG_TOKEN=bench SEG_BASE_URL=$BASE10K

if want 1; then
echo
echo "== 1. list 10,000 sources, page size 200: seg -o ndjson vs a curl + jq loop"
cat > "$WORK/curl_list.sh" <<SH
#!/usr/bin/env bash
token=""; n=0
while :; do
  page=\$(curl -s -H 'Authorization: Bearer bench' "$BASE10K/v1beta/workspaces/demo/sources?page_size=200&page_token=\$token")
  echo "\$page" | jq -c '.sources[]'
  token=\$(echo "\$page" | jq -r .next_page_token); n=\$((n+1))
  [ -z "\$token" ] && break
done
echo "requests \$n" >&2
SH
chmod +x "$WORK/curl_list.sh"
hyperfine -N --warmup 1 --runs 5 --export-json "$WORK/list.json" \
  "$SEG -w demo sources list -o ndjson --page-size 200 --rate-limit 0" \
  "bash $WORK/curl_list.sh" > /dev/null
seg_t=$(jq '.results[0].median' "$WORK/list.json"); curl_t=$(jq '.results[1].median' "$WORK/list.json")
seg_lines=$("$SEG" -w demo sources list -o ndjson --page-size 200 --rate-limit 0 | wc -l)
curl_req=$(bash "$WORK/curl_list.sh" 2>&1 >/dev/null | awk '{print $2}')
printf "seg %.3fs  curl+jq %.3fs  ratio %sx (goal >= 10x); items %s; requests: seg %s, curl %s\n" \
  "$seg_t" "$curl_t" "$(ratio "$curl_t" "$seg_t")" "$seg_lines" $(( (seg_lines + 199) / 200 )) "$curl_req"
fi

if want 2; then
echo
echo "== 2. peak memory of seg -o ndjson: 10,000 vs 100,000 items"
rss() { /usr/bin/time -f %M "$SEG" -w demo sources list -o ndjson --page-size 200 --rate-limit 0 2>&1 >/dev/null | tail -1; }
rss10=$(rss)
seed 100000 "$WORK/seed100k.json"; serve "$WORK/seed100k.json"; export SEG_BASE_URL=$BASE
rss100=$(rss)
printf "max RSS: 10k items %s KiB, 100k items %s KiB, growth %s%% (goal within 10%%)\n" "$rss10" "$rss100" \
  "$(python3 -c "print(f'{($rss100-$rss10)/$rss10*100:.1f}')")"
fi

if want 3; then
echo
echo "== 3. sign 100 MB: seg webhook sign vs openssl dgst -sha1 -hmac"
head -c 100000000 /dev/urandom > "$WORK/100mb"
hyperfine -N --warmup 1 --runs 7 --export-json "$WORK/sign.json" \
  "$SEG webhook sign --secret teehee $WORK/100mb" \
  "openssl dgst -sha1 -hmac teehee $WORK/100mb" > /dev/null
s=$(jq '.results[0].median' "$WORK/sign.json"); o=$(jq '.results[1].median' "$WORK/sign.json")
printf "seg %.3fs  openssl %.3fs  seg/openssl %s (goal <= 1.3); seg %s MB/s\n" "$s" "$o" "$(ratio "$s" "$o")" \
  "$(python3 -c "print(f'{100/$s:.0f}')")"
fi

if want 4; then
echo
echo "== 4. startup: seg --version and seg webhook sign of 1 KB, median wall time"
head -c 1024 /dev/urandom > "$WORK/1kb"
hyperfine -N --warmup 5 --runs 50 --export-json "$WORK/start.json" \
  "$SEG --version" "$SEG webhook sign --secret teehee $WORK/1kb" > /dev/null
printf "seg --version %.2f ms; webhook sign 1 KB %.2f ms (goal < 5 ms each)\n" \
  "$(jq '.results[0].median * 1000' "$WORK/start.json")" "$(jq '.results[1].median * 1000' "$WORK/start.json")"
fi

if want 5; then
echo
echo "== 5. seg webhook send --count 5000 --concurrency 32 to seg webhook listen"
"$SEG" webhook listen --port 0 -o ndjson > /dev/null 2> "$WORK/listen.err" &
until grep -q '^listening' "$WORK/listen.err" 2>/dev/null; do sleep 0.05; done
HOOK=$(sed -n 's/^listening on //p' "$WORK/listen.err")/hook
# stdout has one record per message; the summary (delivered, rate, p50/p99) is the last line on stderr.
"$SEG" webhook send --url "$HOOK" --count 5000 --concurrency 32 --secret teehee -o ndjson 2>&1 >/dev/null \
  | sed -n 's/^delivered /messages delivered: /p'
echo "(goal >= 3000 messages/s)"
fi

if want 6; then
echo
echo "== 6. emulator GET throughput under wrk (2 threads, 32 connections, 10 s)"
wrk -t2 -c32 -d10s --latency -H "Authorization: Bearer bench" "$BASE10K/v1beta/workspaces/demo/sources/s000042" \
  | grep -E "Requests/sec|99%|50%"
echo "(goal >= 15,000 requests/s, p99 < 10 ms)"
fi

if want 7; then
echo
echo "== 7. completing a source name at TAB (1,000 sources): warm cache and cold, median wall time"
seed 1000 "$WORK/seed1k.json"; serve "$WORK/seed1k.json"
complete() { # the call bash makes at TAB for `seg sources get s0001`
  env SEG_BASE_URL="$BASE" SEG_TOKEN=bench SEG_WORKSPACE=demo SEG_RUNTIME_DIR="$1" COMPLETE=bash \
    _CLAP_COMPLETE_INDEX=3 _CLAP_COMPLETE_COMP_TYPE=9 _CLAP_COMPLETE_SPACE=true _CLAP_IFS=$'\n' \
    "$SEG" -- seg sources get s0001
}
export -f complete; export SEG BASE
complete "$WORK/warm" > /dev/null
hyperfine --shell bash --warmup 3 --runs 30 --export-json "$WORK/complete.json" \
  "complete $WORK/warm" "complete \$(mktemp -d)" > /dev/null
printf "warm %.1f ms, cold %.1f ms; %s names offered (goal: warm < 1 s)\n" \
  "$(jq '.results[0].median * 1000' "$WORK/complete.json")" "$(jq '.results[1].median * 1000' "$WORK/complete.json")" \
  "$(complete "$WORK/warm" | grep -vc '^-')"
fi

if want 8; then
echo
echo "== 8. the Public API: list 10,000 sources, 200 a page, seg --api public -o ndjson vs a curl + jq loop"
# The same emulator serves the Public API at its root paths; a page is asked for with pagination[count] and the
# next one with the cursor of pagination.next, as the SDKs and the docs do.
cat > "$WORK/curl_public.sh" <<SH
#!/usr/bin/env bash
cursor=""; n=0
while :; do
  page=\$(curl -s -g -H 'Authorization: Bearer bench' "$BASE10K/sources?pagination[count]=200&pagination[cursor]=\$cursor")
  echo "\$page" | jq -c '.data.sources[]'
  cursor=\$(echo "\$page" | jq -r '.data.pagination.next // empty | @uri'); n=\$((n+1))
  [ -z "\$cursor" ] && break
done
echo "requests \$n" >&2
SH
chmod +x "$WORK/curl_public.sh"
public() { SEG_API=public SEG_BASE_URL=$BASE10K "$SEG" sources list -o ndjson --page-size 200 --rate-limit 0; }
export -f public; export SEG BASE10K
hyperfine --shell bash --warmup 1 --runs 5 --export-json "$WORK/public.json" \
  "public" "bash $WORK/curl_public.sh" > /dev/null
seg_t=$(jq '.results[0].median' "$WORK/public.json"); curl_t=$(jq '.results[1].median' "$WORK/public.json")
seg_lines=$(public | wc -l)
curl_lines=$(bash "$WORK/curl_public.sh" 2>/dev/null | wc -l)
printf "seg %.3fs  curl+jq %.3fs  ratio %sx (goal >= 50x); items: seg %s, curl %s\n" \
  "$seg_t" "$curl_t" "$(ratio "$curl_t" "$seg_t")" "$seg_lines" "$curl_lines"
public_rss() { SEG_API=public SEG_BASE_URL=$1 /usr/bin/time -f %M "$SEG" sources list -o ndjson --page-size 200 \
  --rate-limit 0 2>&1 >/dev/null | tail -1; }
seed 100000 "$WORK/seed100k.json"; serve "$WORK/seed100k.json"
rss10=$(public_rss "$BASE10K"); rss100=$(public_rss "$BASE")
printf "max RSS over the Public API: 10k items %s KiB, 100k items %s KiB, growth %s%% (goal within 10%%)\n" \
  "$rss10" "$rss100" "$(python3 -c "print(f'{($rss100-$rss10)/$rss10*100:.1f}')")"
fi

echo
echo "== binary size"
ls -l "$SEG" | awk '{printf "%s: %.1f MiB\n", $NF, $5/1048576}'

if [ -n "$CEILING" ]; then
  echo
  bash bench/ceiling.sh
fi
