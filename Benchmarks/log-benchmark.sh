#!/usr/bin/env bash
# What the per-request console log of `understudy serve` costs: wrk at 50 connections
# against the same one-stub root served with the log on (written to a file, as a redirected
# terminal would be) and with --quiet, in interleaved rounds (the order flips each round, so
# drift on a noisy machine hits both), and the ratio of the medians.
#
#     Benchmarks/log-benchmark.sh [rounds, default 5] [seconds per run, default 10]
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
rounds="${1:-5}"
duration="${2:-10}"
need wrk wrk

build_release understudy

one_stub_root "$work" Hello
"$bin/understudy" serve --root "$work" --port 18181 --quiet >/dev/null & pids+=($!)
"$bin/understudy" serve --root "$work" --port 18182 >"$work/console.log" & pids+=($!)
for port in 18181 18182; do
    wait_ready "http://127.0.0.1:$port/hello"
done

run() { wrk -t2 -c50 -d"${duration}s" "http://127.0.0.1:$1/hello" | awk '/Requests\/sec/ {print $2}'; }
quiet=()
logged=()
for ((round = 1; round <= rounds; round++)); do
    if ((round % 2)); then quiet+=("$(run 18181)"); logged+=("$(run 18182)"); else logged+=("$(run 18182)"); quiet+=("$(run 18181)"); fi
    echo "round $round: quiet ${quiet[-1]} req/s, logged ${logged[-1]} req/s"
done
python3 - "${quiet[*]}" "${logged[*]}" "$work/console.log" <<'PY'
import statistics, sys
quiet = [float(x) for x in sys.argv[1].split()]
logged = [float(x) for x in sys.argv[2].split()]
lines = sum(1 for _ in open(sys.argv[3]))
q, l = statistics.median(quiet), statistics.median(logged)
print(f"median quiet {q:.0f} req/s, logged {l:.0f} req/s: logged/quiet = {l / q:.3f}; {lines} log lines written")
PY
