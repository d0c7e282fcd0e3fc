#!/usr/bin/env bash
# WebSockets under load (issue 29): 1 000 open sockets, each echoing 100 frames one after
# another, against `understudy serve` with one echoing message stub and against a minimal raw
# SwiftNIO WebSocket echo server (the ceiling) in the same run. Prints, for each, the p50/p99/max
# round trip, the ratio of its p99 to the raw server's p99 in the same round, the server's
# resident memory per open socket and its CPU time; then the medians and whether the targets
# (p99 ≤ 1.5× raw, ≤ 64 KiB per socket) are met.
#
#     Benchmarks/websocket-benchmark.sh [rounds, default 3] [sockets, default 1000] [frames, default 100]
#
# Each round starts both servers afresh (so that every memory figure is a just-started
# process's: VmRSS before connecting, then with every socket open; per socket is the difference
# over the socket count) and runs the load client against one, then the other, the order
# flipping each round. The load client exits with an error, and the run with it, when a socket
# cannot open or a reply is missing.
#
# PIN=1 runs the servers on CPU 0 and the client on CPU 1 (taskset). NO_BUILD=1 skips the
# release builds (when they are current and the run must not compile).
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
rounds="${1:-3}"
sockets="${2:-1000}"
frames="${3:-100}"
ulimit -n $(( sockets * 2 + 1024 ))

build_release understudy UnderstudyServerBenchmarks

# A root whose one message stub echoes every message on /echo.
mkdir -p "$work/root/mappings" "$work/root/message-mappings"
cat > "$work/root/message-mappings/echo.json" <<'JSON'
{"trigger": {"type": "message",
             "channel": {"type": "websocket", "initiatingRequestPattern": {"urlPath": "/echo"}},
             "message": {"body": {"matches": ".*"}}},
 "actions": [{"type": "send", "message": {"body": "{{message.body}}"}}]}
JSON

server_cpu=(); client_cpu=()
if [ -n "${PIN:-}" ]; then server_cpu=(taskset -c 0); client_cpu=(taskset -c 1); fi
ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }

start_server() { # NAME PORT: starts the server, sets `server`
    if [ "$1" = raw ]; then
        "${server_cpu[@]}" "$bin/UnderstudyServerBenchmarks" raw-websocket --port "$2" >/dev/null & server=$!
    else
        "${server_cpu[@]}" "$bin/understudy" serve --quiet --root "$work/root" --port "$2" >/dev/null 2>"$work/understudy.err" & server=$!
    fi
    pids+=("$server")
    wait_port "$2"
}

rows="$work/rows"
: > "$rows"
for round in $(seq "$rounds"); do
    order=$( ((round % 2)) && echo "raw understudy" || echo "understudy raw")
    for name in $order; do
        port=$([ "$name" = raw ] && echo 18381 || echo 18382)
        start_server "$name" "$port"
        before_cpu=$(cpu "$server")
        if ! "${client_cpu[@]}" "$bin/UnderstudyServerBenchmarks" websocket-load --url "ws://127.0.0.1:$port/echo" \
            --sockets "$sockets" --frames "$frames" --pid "$server" >"$work/client.out"; then
            echo "error: the load against $name (round $round) failed; see above" >&2
            [ "$name" = understudy ] && cat "$work/understudy.err" >&2
            exit 1
        fi
        cpu_ms=$(( ($(cpu "$server") - before_cpu) * 1000 / ticks ))
        kill "$server"; wait "$server" 2>/dev/null || true
        # sockets N replies N latency_ms p50 X p99 X max X rss_kib before N open N after_frames N per_socket_kib X
        read -r _ _ _ replies _ _ p50 _ p99 _ max _ _ before _ open _ after _ per < "$work/client.out"
        echo "$round $name $replies $p50 $p99 $max $before $open $after $per $cpu_ms" >> "$rows"
    done
done

python3 - "$rows" "$sockets" "$frames" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
sockets, frames = int(sys.argv[2]), int(sys.argv[3])
raw_p99 = {r[0]: float(r[4]) for r in rows if r[1] == "raw"}
label = {"raw": "raw SwiftNIO (ceiling)", "understudy": "understudy serve"}
print(f"| server | replies | p50 | p99 | max | p99 / raw p99 | RSS before → all open → after frames | per socket | server CPU |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
ratios, per = [], {"raw": [], "understudy": []}
for rnd, name, replies, p50, p99, mx, before, opened, after, per_socket, cpu_ms in rows:
    ratio = float(p99) / raw_p99[rnd]
    if name == "understudy": ratios.append(ratio)
    per[name].append(float(per_socket))
    print(f"| {label[name]} (round {rnd}) | {replies} | {p50} ms | {p99} ms | {mx} ms | {ratio:.2f}× | "
          f"{before} → {opened} → {after} KiB | {per_socket} KiB | {cpu_ms} ms |")
ratio = statistics.median(ratios)
memory = statistics.median(per["understudy"])
print()
print(f"{sockets} sockets × {frames} frames, {len(ratios)} round(s). Median p99 ratio to raw: {ratio:.2f}× "
      f"(range {min(ratios):.2f}–{max(ratios):.2f}×); median memory per socket: understudy {memory:.1f} KiB, "
      f"raw {statistics.median(per['raw']):.1f} KiB.")
print(f"Targets: p99 ≤ 1.5× raw: {'met' if ratio <= 1.5 else 'MISSED'}; ≤ 64 KiB per socket: {'met' if memory <= 64 else 'MISSED'}.")
PY
