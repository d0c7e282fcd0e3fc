#!/usr/bin/env bash
# Runs the whole test suite (core, server, transports, CLI, doubles, fakes; the core target
# includes ConcurrentReplacementTests) under ThreadSanitizer and fails on the first data race
# TSan reports. A separate scratch path keeps the instrumented build apart from the normal
# one. The first build takes about 15 minutes on 2 cores; the tests well under a minute.
#
#     Benchmarks/tsan.sh [extra swift test arguments, e.g. --filter '^UnderstudyTests\.']
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build-tsan
# Known false positives outside our code are listed, with evidence, in tsan-suppressions.txt.
export TSAN_OPTIONS="halt_on_error=1 abort_on_error=1 history_size=4 suppressions=$PWD/Benchmarks/tsan-suppressions.txt"
# Swift's backtracer cannot suspend TSan's threads and would hang after a report.
export SWIFT_BACKTRACE=enable=no
swift test --sanitize=thread --scratch-path .build-tsan "$@" 2>&1 | tee .build-tsan/last-run.log | tail -5
grep -q "ThreadSanitizer" .build-tsan/last-run.log && { echo "ThreadSanitizer reported a race (see .build-tsan/last-run.log)"; exit 1; }
echo "ThreadSanitizer: clean"
