#!/usr/bin/env bash
# Runs the core tests (the UnderstudyTests target: registry, matching, journal, scenarios,
# templating, recording, including ConcurrentReplacementTests) under ThreadSanitizer and fails
# on the first data race TSan reports. A separate scratch path keeps the instrumented build
# apart from the normal one. Takes about 15 minutes on 2 cores from clean.
#
#     Benchmarks/tsan.sh [extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build-tsan
export TSAN_OPTIONS="halt_on_error=1 abort_on_error=1 history_size=4"
# The Swift Testing filter names the module: every suite of UnderstudyTests, nothing else.
swift test --sanitize=thread --scratch-path .build-tsan --filter '^UnderstudyTests\.' "$@" 2>&1 | tee .build-tsan/last-run.log | tail -5
grep -q "ThreadSanitizer" .build-tsan/last-run.log && { echo "ThreadSanitizer reported a race (see .build-tsan/last-run.log)"; exit 1; }
echo "ThreadSanitizer: clean"
