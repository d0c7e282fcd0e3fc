#!/usr/bin/env bash
# Fuzzes Understudy with libFuzzer: the WireMock mapping decoder, the JSONPath engine, the
# template engine, URL path templates, the server's HTTP connection pipeline (raw bytes) and
# its HTTP/2 connection pipeline (frames after the client preface) and its WebSocket frames
# (bytes after an upgrade).
# Each target runs for the given seconds (default 60) from Fuzz/Seeds/<target> plus the corpus
# it grew before; every crash, trap or timeout input is saved to Fuzz/Regressions/<target>/,
# which `swift test` replays (FuzzRegressionTests). Prints a line per target for
# Benchmarks/RELIABILITY.md.
#
#     Fuzz/run.sh [seconds per target] [target...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(mappings jsonpath templates pathtemplates http http2 xpath jsonschema websocket graphql)

scratch=.build-fuzz
# SwiftPM links executables with `--defsym main=<module>_main`, which clashes with libFuzzer's
# own main, so the link of this build fails on purpose and the fuzzer is linked below.
swift build -c release --product UnderstudyFuzz --scratch-path "$scratch" \
    -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING >/dev/null 2>&1 || true
bin=$(swift build -c release --scratch-path "$scratch" --show-bin-path)
swiftc -L "$bin" -o "$bin/understudy-fuzzer" -module-name UnderstudyFuzz -emit-executable \
    -Xlinker --gc-sections "@$bin/UnderstudyFuzz.product/Objects.LinkFileList" -sanitize=fuzzer

for target in "${targets[@]}"; do
    corpus="$scratch/corpus/$target"
    crashes="Fuzz/Regressions/$target"
    mkdir -p "$corpus" "$crashes"
    log="$scratch/$target.log"
    before=$(find "$crashes" -type f | wc -l | tr -d ' ')
    status=0
    # SWIFT_BACKTRACE off: libFuzzer, not the Swift runtime, must catch the trap to save the input.
    SWIFT_BACKTRACE=enable=no UNDERSTUDY_FUZZ_TARGET="$target" "$bin/understudy-fuzzer" "$corpus" "Fuzz/Seeds/$target" \
        -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="$crashes/" -print_final_stats=1 >"$log" 2>&1 || status=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    found=$(( $(find "$crashes" -type f | wc -l | tr -d ' ') - before ))
    echo "$target: ${seconds}s, $runs inputs, exit $status, $found new crash input(s), corpus $(ls "$corpus" | wc -l | tr -d ' ')"
done
