#!/usr/bin/env bash
# Runs the whole suite N times in a row under `swift test --parallel` (after one build) and
# reports how many runs failed, keeping each failing run's log; the flakiness check of
# Benchmarks/RELIABILITY.md.
#
#     scripts/repeat-tests.sh [runs, default 20] [extra swift test arguments...]
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-20}"
shift || true
logs=$(mktemp -d)
swift build --build-tests >/dev/null || { echo "the build failed"; exit 1; }
failed=0
for ((run = 1; run <= runs; run++)); do
    start=$(date +%s)
    if swift test --skip-build --parallel "$@" >"$logs/run-$run.log" 2>&1; then
        echo "run $run/$runs: passed ($(( $(date +%s) - start )) s)"
        rm -f "$logs/run-$run.log"
    else
        failed=$((failed + 1))
        echo "run $run/$runs: FAILED ($(( $(date +%s) - start )) s), log kept in $logs/run-$run.log"
        grep -E "✘|error:|failed" "$logs/run-$run.log" | head -20
    fi
done
echo "$((runs - failed)) of $runs runs passed"
[ "$failed" -eq 0 ]
