#!/usr/bin/env bash
# Latency under a fixed request rate: the raw SwiftNIO server (the ceiling) and `understudy
# serve` with one stub (GET /hello -> "hello"), both driven by h2load over HTTP/1.1.
#
#     Benchmarks/latency-benchmark.sh [seconds per point, default 5] [repeats, default 3]
#
# 1. Finds raw NIO's maximum rate: closed loop, 50 connections, as fast as it answers
#    (the median of `repeats` runs, interleaved with the same run against understudy).
# 2. Runs h2load at 25 %, 50 % and 75 % of that maximum against both servers, interleaved,
#    `repeats` times, and prints p50/p95/p99 of the per-request times (from h2load's
#    --log-file) with the spread over the repeats and understudy's p99 as a ratio to raw's.
# 3. Sweeps both servers from 10 % to 100 % of raw's maximum (median p99 of `repeats` runs
#    per point) and reports the knee: the lowest swept rate from which understudy's p99 stays
#    above 2 ms (and the first rate at which it passes 2 ms, which noise can make earlier).
#    A point where understudy achieves less than 95 % of the asked rate counts as past the
#    knee: h2load waits for answers, so a saturated server shows as a lower rate, not as
#    longer times.
#
# The tables give the rate actually asked for, C x (R / C) (Benchmarks/fixed-rate.sh).
# The fixed-rate runs use 16 clients (CLIENTS=N to change): with 50, h2load's rate mode
# queues requests on its own side (measured here at 5 000 requests/s in all against raw
# NIO: p50 0.02 ms with 1 client, 0.14 ms with 10, 0.58 ms with 50), which would hide the
# servers.
# Needs h2load (apt-get install nghttp2-client); installs it when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
duration="${1:-5}"
repeats="${2:-3}"
max_clients=50
clients="${CLIENTS:-16}"
knee_ms=2

. Benchmarks/fixed-rate.sh

build_release understudy UnderstudyServerBenchmarks


one_stub_root "$work/one"
"$bin/UnderstudyServerBenchmarks" raw --port 18091 >/dev/null & pids+=($!)
"$bin/understudy" serve --root "$work/one" --port 18092 >/dev/null & pids+=($!)
for port in 18091 18092; do
    wait_ready "http://127.0.0.1:$port/hello"
done
names=("raw SwiftNIO" "understudy serve, 1 stub")
urls=("http://127.0.0.1:18091/hello" "http://127.0.0.1:18092/hello")

# A closed-loop run: requests/s over `duration` seconds.
max_rate() {
    h2load --h1 -c "$max_clients" -D "$duration" --warm-up-time 1 "$1" 2>/dev/null | awk '/^finished in/ {print int($4)}'
}

echo "## Maximum rate (closed loop, $max_clients connections, ${duration} s, $repeats runs, interleaved)"
echo
raw_runs=(); ours_runs=()
for _ in $(seq "$repeats"); do
    raw_runs+=("$(max_rate "${urls[0]}")")
    ours_runs+=("$(max_rate "${urls[1]}")")
done
raw_max=$(echo "${raw_runs[*]}" | median)
ours_max=$(echo "${ours_runs[*]}" | median)
echo "| server | median requests/s | runs |"
echo "|---|---:|---|"
echo "| ${names[0]} | $raw_max | ${raw_runs[*]} |"
echo "| ${names[1]} | $ours_max | ${ours_runs[*]} |"
echo
echo "## Latency at a fixed rate ($clients connections opened over a second, ${duration} s per point, $repeats repeats, interleaved)"
echo
echo "Medians over the repeats, [min–max] in brackets; ratio is understudy's p99 to raw's p99 in the same repeat."
echo
echo "| load (of raw max) | asked req/s | server | achieved req/s | p50 ms | p95 ms | p99 ms | p99 ratio |"
echo "|---|---:|---|---:|---:|---:|---:|---:|"
for fraction in 25 50 75; do
    total=$(( raw_max * fraction / 100 ))
    asked=$(( (total / clients > 0 ? total / clients : 1) * clients ))
    declare -a achieved=() p50=() p95=() p99=() ratios=()
    for index in 0 1; do achieved[$index]=""; p50[$index]=""; p95[$index]=""; p99[$index]=""; done
    for _ in $(seq "$repeats"); do
        read -r a0 q50_0 q95_0 q99_0 bad0 <<< "$(fixed_rate "$total" "${urls[0]}")"
        read -r a1 q50_1 q95_1 q99_1 bad1 <<< "$(fixed_rate "$total" "${urls[1]}")"
        [ "$bad0$bad1" = "00" ] || echo "warning: non-2xx answers at $fraction % ($bad0 raw, $bad1 understudy)" >&2
        achieved[0]+="$a0 "; p50[0]+="$q50_0 "; p95[0]+="$q95_0 "; p99[0]+="$q99_0 "
        achieved[1]+="$a1 "; p50[1]+="$q50_1 "; p95[1]+="$q95_1 "; p99[1]+="$q99_1 "
        ratios+=("$(python3 -c "print(f'{$q99_1 / $q99_0:.2f}')")")
    done
    for index in 0 1; do
        cell() { echo "$(echo "$1" | median) [$(echo "$1" | low)–$(echo "$1" | high)]"; }
        ratio="1.00×"
        [ "$index" = 1 ] && ratio="$(cell "${ratios[*]}" | sed 's/ \[/× [/')"
        echo "| $fraction % | $asked | ${names[$index]} | $(echo "${achieved[$index]}" | median) | $(cell "${p50[$index]}") | $(cell "${p95[$index]}") | $(cell "${p99[$index]}") | $ratio |"
    done
    unset achieved p50 p95 p99 ratios
done
echo
echo "## Knee: where understudy's p99 passes $knee_ms ms (median of $repeats runs per point, raw beside it)"
echo
echo "| load (of raw max) | asked req/s | raw p99 ms | understudy p99 ms | understudy achieved req/s |"
echo "|---|---:|---:|---:|---:|"
first="" knee=""
for fraction in 10 20 30 40 50 60 70 80 90 100; do
    total=$(( raw_max * fraction / 100 ))
    asked=$(( (total / clients > 0 ? total / clients : 1) * clients ))
    raw99=""; ours99=""; achieved=""
    for _ in $(seq "$repeats"); do
        read -r _ _ _ r99 _ <<< "$(fixed_rate "$total" "${urls[0]}")"
        read -r a1 _ _ o99 _ <<< "$(fixed_rate "$total" "${urls[1]}")"
        raw99+="$r99 "; ours99+="$o99 "; achieved+="$a1 "
    done
    ours=$(echo "$ours99" | median)
    reached=$(echo "$achieved" | median)
    saturated=$(python3 -c "print('yes' if $reached < 0.95 * $asked else 'no')")
    echo "| $fraction % | $asked | $(echo "$raw99" | median) | $ours | $reached$([ "$saturated" = yes ] && echo " (saturated)") |"
    above=$(python3 -c "print('yes' if $ours > $knee_ms else 'no')")
    [ "$above" = yes ] && [ -z "$first" ] && first="$asked req/s ($fraction %)"
    if [ "$saturated" = yes ] || [ "$above" = yes ]; then
        [ -z "$knee" ] && knee="$asked req/s ($fraction % of the raw maximum)"
    else
        knee=""
    fi
done
echo
echo "Knee (p99 above $knee_ms ms, or saturated, from this rate on): ${knee:-not reached up to the raw maximum}."
echo "First rate with p99 above $knee_ms ms: ${first:-none up to the raw maximum}."
