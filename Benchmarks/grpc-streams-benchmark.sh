#!/usr/bin/env bash
# Server-streaming gRPC under load: STREAMS concurrent `CountDown` calls of MESSAGES replies
# INTERVAL ms apart, from grpc-swift 2's client (Examples/GRPCSwiftClient's GRPCBenchmark
# streams), spread over CONNECTIONS h2c connections (understudy's h2c allows 100 concurrent
# streams on a connection, so 1 000 streams need 10; both servers get the same), at
# `understudy serve --quiet` on a root of its own (Tests/E2E/grpc-root's descriptor set and one
# stub answering a JSON array of MESSAGES `{"greeting": "Hi Tom", "mood": "HAPPY"}`, spaced by a
# `chunkedDribbleDelay` of MESSAGES × INTERVAL ms) and at a grpc-swift 2 server writing the same
# replies on the same schedule (GRPCBenchmark serve), in alternating rounds.
#
#     Benchmarks/grpc-streams-benchmark.sh [streams, default 1000] [messages, default 100] [interval ms, default 10] [rounds, default 4] [connections, default 10]
#
# Prints each round: lateness p50/p99/max over every message and the p99 of the streams' last
# messages alone (message k of a stream is due k × INTERVAL after its schedule's start, the
# latest start that makes none of its messages early: lateness that builds up along a stream
# shows in its last messages), the p99 time from a call's start to its first message (1 000
# calls opened at once), failed streams, and the
# server's resident memory (VmRSS) idle (once, after the warm-up: memory a round takes is not all
# given back, so a later round's own start is no baseline) and at its peak during the round,
# per stream; then the medians and understudy's ratios to grpc-swift (lower is better for all).
#
# Release builds only, made as in grpc-benchmark.sh: both `understudy` and GRPCBenchmark from
# Examples/GRPCSwiftClient, in its own build folder (SCRATCH=DIR for another; NO_BUILD=1 when
# they are current and a run must not compile). The client runs on the same two cores as the
# server it measures, for both servers alike.
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
streams="${1:-1000}"
messages="${2:-100}"
interval="${3:-10}"
rounds="${4:-4}"
connections="${5:-10}"
build_grpc_example

mkdir -p "$work/root/grpc" "$work/root/mappings"
cp Tests/E2E/grpc-root/grpc/greetings.dsc "$work/root/grpc/"
python3 - "$messages" "$interval" > "$work/root/mappings/count-down.json" <<'PY'
import json, sys
messages, interval = int(sys.argv[1]), int(sys.argv[2])
print(json.dumps({
    "name": "CountDown streams the benchmark's replies",
    "request": {"urlPath": "/understudy.test.Greeter/CountDown", "method": "POST"},
    "response": {
        "status": 200,
        "jsonBody": [{"greeting": "Hi Tom", "mood": "HAPPY"}] * messages,
        "headers": {"grpc-status-name": "OK"},
        "chunkedDribbleDelay": {"numberOfChunks": messages, "totalDuration": messages * interval},
    },
}))
PY

"$bin/GRPCBenchmark" serve 18472 "$messages" "$interval" >/dev/null & pids+=($!); grpc=$!
"$bin/understudy" serve --quiet --root "$work/root" --port 18473 >/dev/null & pids+=($!); understudy=$!
for port in 18472 18473; do
    wait_port "$port"
done
rss() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }

# A short warm-up each (a tenth of the streams), then the rounds, alternating which server goes first.
for port in 18472 18473; do
    "$bin/GRPCBenchmark" streams "$port" $(( (streams + 9) / 10 )) "$messages" "$interval" "$connections" >/dev/null
done
declare -A idle=([grpc]=$(rss "$grpc") [understudy]=$(rss "$understudy"))
echo "| round | server | lateness p50 ms | p99 ms | max ms | last message p99 ms | first message after, p99 ms | failed streams | VmRSS idle → peak KiB | KiB per stream |"
echo "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for round in $(seq "$rounds"); do
    order=(grpc understudy)
    if [ $((round % 2)) -eq 0 ]; then order=(understudy grpc); fi
    for name in "${order[@]}"; do
        pid=${!name}; port=$([ "$name" = grpc ] && echo 18472 || echo 18473)
        peak=$(rss "$pid")
        "$bin/GRPCBenchmark" streams "$port" "$streams" "$messages" "$interval" "$connections" > "$work/client.out" &
        client=$!
        while kill -0 "$client" 2>/dev/null; do now=$(rss "$pid"); ((now > peak)) && peak=$now; sleep 0.05; done
        wait "$client"
        read -r p50 p99 max last first failures < "$work/client.out"
        per=$(python3 -c "print(f'{($peak - ${idle[$name]}) / $streams:.1f}')")
        label=$([ "$name" = grpc ] && echo "grpc-swift 2 server" || echo "understudy serve")
        echo "| $round | $label | $p50 | $p99 | $max | $last | $first | $failures | ${idle[$name]} → $peak | $per |"
        echo "$name $p50 $p99 $max $last $first $failures $per" >> "$work/results"
    done
done
echo
python3 - "$work/results" "$streams" "$messages" "$interval" "$connections" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
def column(name, index): return [float(r[index]) for r in rows if r[0] == name]
def median(name, index): return statistics.median(column(name, index))
failures = sum(int(r[6]) for r in rows)
print(f"{sys.argv[2]} streams x {sys.argv[3]} messages, {sys.argv[4]} ms apart, over {sys.argv[5]} connections; medians of {len(column('grpc', 1))} rounds:")
for name, label in (("grpc", "grpc-swift 2 server"), ("understudy", "understudy serve   ")):
    print(f"  {label}: lateness p50 {median(name, 1):.2f} ms, p99 {median(name, 2):.2f} ms, max {median(name, 3):.2f} ms, "
          f"last message p99 {median(name, 4):.2f} ms; first message after p99 {median(name, 5):.2f} ms; {median(name, 7):.1f} KiB per stream")
paired = [b / a for a, b in zip(column("grpc", 2), column("understudy", 2)) if a > 0]
print(f"  understudy / grpc-swift: p99 {median('understudy', 2) / median('grpc', 2):.2f}x (per round {min(paired):.2f}-{max(paired):.2f}x), "
      f"last message p99 {median('understudy', 4) / median('grpc', 4):.2f}x, first message after p99 {median('understudy', 5) / median('grpc', 5):.2f}x, "
      f"memory per stream {median('understudy', 7) / median('grpc', 7):.2f}x")
print(f"  failed streams: {failures}")
sys.exit(1 if failures else 0)
PY
