#!/usr/bin/env bash
# Big answers (the case mockserver#1872 reports): `understudy serve` with 300 stubs whose
# bodies are 1 MiB files under __files, against `understudy serve` with one small stub, both
# driven at the same fixed rate by h2load over HTTP/1.1 (the big server's requests spread
# over all 300 stubs in turn). Prints p99 per repeat and its ratio to the small stub's, then
# the big server's resident memory (its peak VmRSS while serving, read every 50 ms) as a
# ratio to the bodies' total.
#
#     Benchmarks/big-answers-benchmark.sh [seconds per run, default 5] [repeats, default 3] [requests/s, default 200]
#
# Targets (issue 48): p99 within 1.5x of the small stub's, resident memory within 1.3x of
# the bodies' total. Needs h2load (installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
duration="${1:-5}"
repeats="${2:-3}"
rate="${3:-200}"
clients="${CLIENTS:-16}"
stubs=300
. Benchmarks/fixed-rate.sh

build_release understudy

one_stub_root "$work/small"
mkdir -p "$work/big/mappings" "$work/big/__files"
python3 - "$work/big" "$stubs" <<'PY'
import json, os, sys
root, count = sys.argv[1], int(sys.argv[2])
stubs = []
for n in range(count):
    with open(f"{root}/__files/big-{n}.bin", "wb") as body:
        body.write(os.urandom(1 << 20))
    stubs.append({"request": {"method": "GET", "urlPath": f"/big/{n}"},
                  "response": {"status": 200, "bodyFileName": f"big-{n}.bin",
                               "headers": {"Content-Type": "application/octet-stream"}}})
json.dump({"mappings": stubs}, open(f"{root}/mappings/big.json", "w"))
PY
for n in $(seq 0 $((stubs - 1))); do echo "http://127.0.0.1:18102/big/$n"; done > "$work/big-urls.txt"

"$bin/understudy" serve --quiet --root "$work/small" --port 18101 >/dev/null & pids+=($!)
"$bin/understudy" serve --quiet --root "$work/big" --port 18102 >/dev/null & pids+=($!)
big_pid=$!
wait_ready "http://127.0.0.1:18101/hello"
wait_ready "http://127.0.0.1:18102/big/0"

rss() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }
peak_file="$work/peak"
echo 0 > "$peak_file"
# Keeps the big server's highest resident memory (KiB) in $peak_file while it runs.
( peak=0; while kill -0 "$big_pid" 2>/dev/null; do now=$(rss "$big_pid"); ((now > peak)) && { peak=$now; echo "$peak" > "$peak_file"; }; sleep 0.05; done ) &
sampler=$!

echo "## Fixed rate $rate requests/s ($clients connections, ${duration} s per run, $repeats repeats, interleaved)"
echo
echo "| repeat | small stub p99 ms | 300 x 1 MiB p99 ms | ratio | big achieved req/s |"
echo "|---:|---:|---:|---:|---:|"
ratios=""
for repeat in $(seq "$repeats"); do
    read -r _ _ _ small99 bad0 <<< "$(fixed_rate "$rate" "http://127.0.0.1:18101/hello")"
    read -r achieved _ _ big99 bad1 <<< "$(fixed_rate "$rate" -i "$work/big-urls.txt")"
    [ "$bad0$bad1" = "00" ] || echo "warning: non-2xx answers ($bad0 small, $bad1 big)" >&2
    ratio=$(python3 -c "print(f'{$big99 / $small99:.2f}')")
    ratios+="$ratio "
    echo "| $repeat | $small99 | $big99 | ${ratio}× | $achieved |"
done
kill "$sampler" 2>/dev/null || true
peak_kib=$(cat "$peak_file")
total_kib=$(( stubs * 1024 ))
memory=$(python3 -c "print(f'{$peak_kib / $total_kib:.2f}')")
p99=$(echo "$ratios" | median)
echo
echo "p99 ratio, median of $repeats: ${p99}× (range $(echo "$ratios" | low)–$(echo "$ratios" | high)×); target ≤ 1.5×: $(python3 -c "print('met' if $p99 <= 1.5 else 'MISSED')")."
echo "Peak resident memory of the big server: $((peak_kib / 1024)) MiB, ${memory}× the bodies' $((total_kib / 1024)) MiB; target ≤ 1.3×: $(python3 -c "print('met' if $memory <= 1.3 else 'MISSED')")."
