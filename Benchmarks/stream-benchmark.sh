#!/usr/bin/env bash
# Streams under load: 1 000 concurrent server-sent event streams of 100 events at 10 ms
# intervals, from `understudy serve` and from a minimal raw SwiftNIO streaming server (the
# ceiling) in the same run. Prints, for each, the p50/p99/max lateness of events against their
# schedule, the server's CPU time for the run and its resident memory per open stream.
#
#     Benchmarks/stream-benchmark.sh [streams, default 1000] [events, default 100] [interval ms, default 10] [rounds, default 2]
#
# Rounds alternate the two servers, the order flipping each round; the last line gives the
# median p99 of each and their ratio, and the median of the per-round ratios (p99 lateness
# of one round swings several-fold on a shared 2-core machine, so one round proves little).
#
# PIN=1 runs both servers on CPU 0 and the client on CPU 1 (taskset), so the client's work
# does not land on the server's core. NO_BUILD=1 skips the release builds (when they are current and the run must not compile).
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
streams="${1:-1000}"
events="${2:-100}"
interval="${3:-10}"
rounds="${4:-2}"
ulimit -n 8192

build_release understudy UnderstudyServerBenchmarks

mkdir -p "$work/mappings"
cat > "$work/mappings/events.json" <<JSON
{"request": {"method": "GET", "urlPath": "/events"},
 "response": {"status": 200, "eventStream": {"events": [{"data": "{{counter}}", "repeat": $events, "delayMilliseconds": $interval}]}}}
JSON
server_cpu=(); client_cpu=()
if [ -n "${PIN:-}" ]; then server_cpu=(taskset -c 0); client_cpu=(taskset -c 1); fi
"${server_cpu[@]}" "$bin/understudy" serve --quiet --root "$work" --port 18282 >/dev/null 2>&1 & pids+=($!); understudy=$!
"${server_cpu[@]}" "$bin/UnderstudyServerBenchmarks" raw-stream --port 18281 --events "$events" --interval-ms "$interval" >/dev/null & pids+=($!); raw=$!
for port in 18281 18282; do
    wait_ready "http://127.0.0.1:$port/events"
done

ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
rss() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }

echo "| server | streams × events | lateness p50 | p99 | max | server CPU | RSS idle → peak | per open stream |"
echo "|---|---:|---:|---:|---:|---:|---:|---:|"
p99s=()
for round in $(seq "$rounds"); do
    order=$( ((round % 2)) && echo "raw understudy" || echo "understudy raw")
    for name in $order; do
        pid=${!name}; port=$([ "$name" = raw ] && echo 18281 || echo 18282)
        before_cpu=$(cpu "$pid"); idle=$(rss "$pid"); peak=$idle
        "${client_cpu[@]}" "$bin/UnderstudyServerBenchmarks" stream-client --port "$port" --streams "$streams" --events "$events" --interval-ms "$interval" >"$work/client.out" &
        client=$!
        while kill -0 "$client" 2>/dev/null; do now=$(rss "$pid"); ((now > peak)) && peak=$now; sleep 0.05; done
        wait "$client"
        after_cpu=$(cpu "$pid")
        read -r _ done _ count _ _ p50 _ p99 _ max < "$work/client.out"
        cpu_ms=$(( (after_cpu - before_cpu) * 1000 / ticks ))
        per=$(( (peak - idle) / streams ))
        label=$([ "$name" = raw ] && echo "raw SwiftNIO (ceiling)" || echo "understudy serve")
        p99s+=("$round $name $p99")
        echo "| $label (round $round) | $done × $((count / (done > 0 ? done : 1))) | ${p50} ms | ${p99} ms | ${max} ms | ${cpu_ms} ms | ${idle} → ${peak} KiB | ${per} KiB |"
    done
done
printf '%s\n' "${p99s[@]}" | python3 -c '
import statistics, sys
rows = [line.split() for line in sys.stdin]
by = {"raw": {}, "understudy": {}}
for round_, name, p99 in rows: by[name][round_] = float(p99)
raw, ours = statistics.median(by["raw"].values()), statistics.median(by["understudy"].values())
paired = [by["understudy"][r] / by["raw"][r] for r in by["raw"] if r in by["understudy"] and by["raw"][r] > 0]
print(f"median p99: raw {raw:.2f} ms, understudy {ours:.2f} ms, {ours / raw:.2f}x; median of per-round ratios {statistics.median(paired):.2f}x (range {min(paired):.2f}-{max(paired):.2f}x)")
'
