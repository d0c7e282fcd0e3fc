#!/usr/bin/env bash
# Before and after a change, in one run: `understudy serve` (one stub, GET /hello) of two
# release builds against the raw SwiftNIO ceiling, with wrk at 50 connections, the three
# servers taking turns over ROUNDS rounds (order rotating each round); then each build's own
# direct-transport cost per request (`UnderstudyServerBenchmarks transports --only direct`,
# itself a ratio to a plain function call in the same process). Prints the medians and ratios.
#
#     Benchmarks/compare-builds.sh BEFORE_BIN AFTER_BIN [seconds per run, default 5] [rounds, default 5]
#
# Each BIN is a release bin folder holding `understudy` and `UnderstudyServerBenchmarks`
# (`swift build -c release --package-path Benchmarks --show-bin-path`; before the runners had a
# package of their own, `swift build -c release --show-bin-path` at the root). The raw server
# is AFTER_BIN's.
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
before="$1"; after="$2"; duration="${3:-5}"; rounds="${4:-5}"
need wrk wrk

one_stub_root "$work/root"
"$after/UnderstudyServerBenchmarks" raw --port 18181 >/dev/null & pids+=($!)
"$before/understudy" serve --quiet --root "$work/root" --port 18182 >/dev/null & pids+=($!)
"$after/understudy" serve --quiet --root "$work/root" --port 18183 >/dev/null & pids+=($!)
for port in 18181 18182 18183; do wait_ready "http://127.0.0.1:$port/hello"; done

names=("raw SwiftNIO" "before" "after")
: > "$work/runs"
for round in $(seq "$rounds"); do
    for turn in 0 1 2; do
        index=$(( (turn + round) % 3 ))
        out=$(wrk -t2 -c50 -d"${duration}s" --latency "http://127.0.0.1:1818$((index + 1))/hello")
        rps=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
        p99=$(echo "$out" | awk '$1 == "99%" {print $2}')
        echo "$round $index $rps $p99" >> "$work/runs"
    done
done

python3 - "$work/runs" "${names[@]}" <<'PY'
import statistics, sys
def ms(text):
    for unit, factor in (("us", 0.001), ("ms", 1.0), ("s", 1000.0)):
        if text.endswith(unit): return float(text[:-len(unit)]) * factor
rows = [line.split() for line in open(sys.argv[1])]
names = sys.argv[2:]
rps = {i: [float(r[2]) for r in rows if int(r[1]) == i] for i in range(3)}
p99 = {i: [ms(r[3]) for r in rows if int(r[1]) == i] for i in range(3)}
print("| server, 50 connections | median requests/s | ratio to raw | median p99 | p99 ratio to raw |")
print("|---|---:|---:|---:|---:|")
for i, name in enumerate(names):
    m, p = statistics.median(rps[i]), statistics.median(p99[i])
    print(f"| {name} | {m:.0f} | {m / statistics.median(rps[0]):.2f}× | {p:.2f} ms | {p / statistics.median(p99[0]):.2f}× |")
per_round = [a / b for a, b in zip(rps[2], rps[1])]
print(f"\nafter / before, requests/s: median of per-round ratios {statistics.median(per_round):.2f}× (range {min(per_round):.2f}–{max(per_round):.2f}×)")
PY

echo
for round in 1 2; do
    for side in before after; do
        bin_dir=$([ "$side" = before ] && echo "$before" || echo "$after")
        echo "direct transport, $side (round $round):"
        "$bin_dir/UnderstudyServerBenchmarks" transports --rounds 9 --only direct | grep "^| [a-zA-Z]"
    done
done
