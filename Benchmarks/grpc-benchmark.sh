#!/usr/bin/env bash
# Unary gRPC calls/s and p99: grpc-swift 2's client (one HTTP/2 connection, h2c, CALLS calls in
# flight) calling `SayHello` for SECONDS at `understudy serve --quiet` on Tests/E2E/grpc-root
# (its stub "SayHello to Tom", matched by equalToJson, the answer from JSON) and at a grpc-swift 2
# server answering the same bytes (Examples/GRPCSwiftClient's GRPCBenchmark serve), in
# alternating rounds; prints each round, then the medians and understudy's ratio to grpc-swift
# (calls/s: higher is better; p99: lower is better).
#
#     Benchmarks/grpc-benchmark.sh [rounds, default 5] [seconds per round, default 5] [calls in flight, default 50]
#
# Release builds only. Both `understudy` (a product of the example package's dependency on this
# one) and GRPCBenchmark are built from Examples/GRPCSwiftClient, in its own build folder
# (SCRATCH=DIR for another; NO_BUILD=1 when they are current and a run must not compile), so
# the Benchmarks package never builds grpc-swift. The load client runs on the same two cores as
# the server it measures, for both servers alike.
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
rounds="${1:-5}"
seconds="${2:-5}"
calls="${3:-50}"
build_grpc_example

"$bin/GRPCBenchmark" serve 18470 >/dev/null & pids+=($!)
"$bin/understudy" serve --quiet --root Tests/E2E/grpc-root --port 18471 >/dev/null & pids+=($!)
for port in 18470 18471; do
    wait_port "$port"
done

# A second's warm-up each, then the rounds, alternating which server goes first.
"$bin/GRPCBenchmark" load 18470 "$calls" 1 >/dev/null
"$bin/GRPCBenchmark" load 18471 "$calls" 1 >/dev/null
echo "| round | server | calls/s | p99 ms | failures |"
echo "|---:|---|---:|---:|---:|"
for round in $(seq "$rounds"); do
    order=(18470 18471)
    if [ $((round % 2)) -eq 0 ]; then order=(18471 18470); fi
    for port in "${order[@]}"; do
        read -r rate p99 failures < <("$bin/GRPCBenchmark" load "$port" "$calls" "$seconds")
        name="grpc-swift 2 server"
        if [ "$port" = 18471 ]; then name="understudy serve"; fi
        echo "| $round | $name | $rate | $p99 | $failures |"
        echo "$port $rate $p99 $failures" >> "$work/results"
    done
done
echo
python3 - "$work/results" "$calls" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
def median(port, column):
    return statistics.median(float(r[column]) for r in rows if r[0] == port)
failures = sum(int(r[3]) for r in rows)
grpc_rate, ours_rate = median("18470", 1), median("18471", 1)
grpc_p99, ours_p99 = median("18470", 2), median("18471", 2)
ratios = [float(b[1]) / float(a[1]) for a, b in zip([r for r in rows if r[0] == "18470"], [r for r in rows if r[0] == "18471"])]
print(f"{sys.argv[2]} calls in flight, medians of {len(ratios)} rounds:")
print(f"  grpc-swift 2 server: {grpc_rate:.0f} calls/s, p99 {grpc_p99:.2f} ms")
print(f"  understudy serve:    {ours_rate:.0f} calls/s, p99 {ours_p99:.2f} ms")
print(f"  understudy / grpc-swift: calls/s {ours_rate / grpc_rate:.2f}x (per round {min(ratios):.2f}-{max(ratios):.2f}x), p99 {ours_p99 / grpc_p99:.2f}x")
print(f"  failures: {failures}")
sys.exit(1 if failures else 0)
PY
