#!/usr/bin/env bash
# Where the loopback server's CPU goes, per request, against the raw SwiftNIO ceiling: loads raw
# SwiftNIO, raw SwiftNIO + HTTPMock.serve and `understudy serve` (one stub, GET /hello; quiet,
# and with its console request log) in turn, samples each server with `perf record -g` at a
# fixed frequency, and prints the server's CPU microseconds per request, in all and inside the
# named parts of our code (inclusive). The rounds alternate; the figures are medians over them.
#
#     Benchmarks/server-profile.sh [rounds, default 3] [seconds per round, default 8]
#     RATE=15000 Benchmarks/server-profile.sh ...
#
# The load is wrk's closed loop (50 connections, as fast as each server answers) by default.
# With RATE, h2load asks every server for the same fixed rate instead (16 connections, RATE/16
# requests/s each): the servers then do the same work in the same time, and the differences
# are what each request costs them, without the closed loop's feedback (a slower server is
# asked less often, its event loops sleep and wake more per request, and each request pays
# more for the same writes). RATE must stay below every server's maximum; the table shows the
# rate each achieved.
#
# Needs wrk or h2load, and perf (apt-get install wrk nghttp2-client linux-perf); installs them
# when missing. perf needs permission to sample other processes (root, or
# kernel.perf_event_paranoid <= 1).
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
rounds="${1:-3}"
seconds="${2:-8}"
frequency=2999

rate="${RATE:-}"
need wrk wrk
[ -z "$rate" ] || need h2load nghttp2-client
need perf linux-perf

build_release understudy UnderstudyServerBenchmarks

one_stub_root "$work/one"
"$bin/UnderstudyServerBenchmarks" raw --port 18181 >/dev/null & pids+=($!)
raw=$!
"$bin/UnderstudyServerBenchmarks" raw-mock --port 18182 >/dev/null & pids+=($!)
rawmock=$!
"$bin/understudy" serve --quiet --root "$work/one" --port 18183 >/dev/null & pids+=($!)
serve=$!
"$bin/understudy" serve --root "$work/one" --port 18184 >/dev/null & pids+=($!)
logging=$!
for port in 18181 18182 18183 18184; do wait_ready "http://127.0.0.1:$port/hello"; done

names=("raw SwiftNIO (ceiling)" "raw SwiftNIO + HTTPMock.serve" "understudy serve --quiet, 1 stub" "understudy serve, 1 stub, console log on")
servers=("$raw:18181" "$rawmock:18182" "$serve:18183" "$logging:18184")
for round in $(seq "$rounds"); do
    for index in "${!servers[@]}"; do
        pid=${servers[$index]%%:*}
        port=${servers[$index]##*:}
        if [ -z "$rate" ]; then
            wrk -t2 -c50 -d"$((seconds + 2))s" "http://127.0.0.1:$port/hello" > "$work/load-$index-$round.txt" &
        else
            h2load --h1 -c16 -t2 --rps "$((rate / 16))" -D "$((seconds + 2))" "http://127.0.0.1:$port/hello" > "$work/load-$index-$round.txt" 2>&1 &
        fi
        load=$!
        sleep 1
        perf record -q -F "$frequency" -g -p "$pid" -o "$work/perf-$index-$round.data" -- sleep "$seconds" 2>/dev/null
        wait "$load"
        # wrk: "Requests/sec: 31942.13"; h2load: "finished in 10.00s, 14998.70 req/s, ..."
        achieved=$(awk '/Requests\/sec/ {print $2} /^finished in/ {print $4}' "$work/load-$index-$round.txt")
        perf script -i "$work/perf-$index-$round.data" -F ip,sym --no-demangle 2>/dev/null \
            | python3 Benchmarks/profile_budget.py "$frequency" "$seconds" "$achieved" > "$work/budget-$index-$round.txt"
    done
done
[ -z "$rate" ] && echo "Load: wrk, 50 connections, closed loop." || echo "Load: h2load, 16 connections, $((rate / 16 * 16)) requests/s asked of each server."
echo

python3 - "$work" "$rounds" "${names[@]}" <<'PY'
import json, statistics, sys
work, rounds, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
budgets = [[json.load(open(f"{work}/budget-{index}-{round}.txt")) for round in range(1, rounds + 1)] for index in range(len(names))]
def median(index, key):
    return statistics.median(budget.get(key, 0.0) for budget in budgets[index])
raw_total = median(0, "total")
raw_rate = median(0, "rate")
print("| server | requests/s (ratio to raw) | server CPU µs / request (ratio to raw) |")
print("|---|---:|---:|")
for index, name in enumerate(names):
    print(f"| {name} | {median(index, 'rate'):.0f} ({median(index, 'rate') / raw_rate:.2f}×) | "
          f"{median(index, 'total'):.1f} ({median(index, 'total') / raw_total:.2f}×) |")
print()
print("Inclusive server CPU µs per request in named parts (medians over the rounds):")
print()
print("| part | " + " | ".join(names) + " |")
print("|---|" + "---:|" * len(names))
for key in budgets[0][0]:
    if key in ("total", "rate"):
        continue
    print(f"| {key} | " + " | ".join(f"{median(index, key):.2f}" for index in range(len(names))) + " |")
print("| the whole server | " + " | ".join(f"{median(index, 'total'):.2f}" for index in range(len(names))) + " |")
PY
