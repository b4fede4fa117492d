#!/usr/bin/env bash
# Runs fuzz targets for a while each and says what each found (FUZZING.md).
#   fuzz/run.sh [SECONDS] [TARGET...]     default: 600 seconds for every target
# Installs cargo-fuzz if missing. Builds on the stable toolchain: RUSTC_BOOTSTRAP=1 lets it take the -Z flags
# cargo-fuzz passes (the sanitizer and coverage instrumentation), as a nightly toolchain would.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
export RUSTC_BOOTSTRAP=1
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo fuzz list)
fi
cargo fuzz build -O
mkdir -p fuzz/logs
status=0
for target in "${targets[@]}"; do
    log=fuzz/logs/$target.log
    mkdir -p "fuzz/corpus/$target"
    if cargo fuzz run -O "$target" -- -max_total_time="$seconds" -print_final_stats=1 >"$log" 2>&1; then
        verdict=ok
    else
        verdict="FOUND a failure: see $log and fuzz/artifacts/$target/"
        status=1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo '?')
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo '?')
    corpus=$(find "fuzz/corpus/$target" -type f | wc -l)
    printf '%-18s %6ss  %10s runs  cov %6s  corpus %5s  %s\n' "$target" "$seconds" "$runs" "$cov" "$corpus" "$verdict"
done
exit $status
