#!/usr/bin/env bash
# Drives wrk against five servers answering the same stub (GET /hello -> "hello") and prints
# requests/s and p50/p99 latency at 1 and 50 connections, each as a ratio to the raw
# SwiftNIO ceiling measured in the same run. Then runs the start/stop cycle benchmark.
# The raw server with HTTPMock.serve per request sits between the raw ceiling and
# `understudy serve`: it shows how much of the gap is the core's own work inside a server.
#
#     Benchmarks/server-benchmark.sh [seconds per run, default 10]
#
# Needs wrk (apt-get install wrk) and pytest-httpserver (pip install pytest-httpserver);
# installs them when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
duration="${1:-10}"

need wrk wrk
python3 -c "import pytest_httpserver" 2>/dev/null || pip install -q pytest-httpserver

build_release understudy UnderstudyServerBenchmarks


# Root with one stub, and root with the same stub among 10 000 exact-path stubs.
mkdir -p "$work/one/mappings" "$work/many/mappings"
hello='{"request":{"method":"GET","urlPath":"/hello"},"response":{"status":200,"body":"hello"}}'
echo "$hello" > "$work/one/mappings/hello.json"
python3 - "$work/many/mappings/all.json" "$hello" <<'PY'
import json, sys
stubs = [{"request": {"method": "GET", "urlPath": f"/items/{n}"}, "response": {"status": 200, "body": f"item {n}"}} for n in range(10_000)]
stubs.insert(5_000, json.loads(sys.argv[2]))
json.dump({"mappings": stubs}, open(sys.argv[1], "w"))
PY

"$bin/UnderstudyServerBenchmarks" raw --port 18081 >/dev/null & pids+=($!)
"$bin/understudy" serve --quiet --root "$work/one" --port 18082 >/dev/null & pids+=($!)
"$bin/understudy" serve --quiet --root "$work/many" --port 18083 >/dev/null & pids+=($!)
python3 Benchmarks/pytest_httpserver_stub.py 18084 >/dev/null 2>&1 & pids+=($!)
"$bin/UnderstudyServerBenchmarks" raw-mock --port 18085 >/dev/null & pids+=($!)
# As a user starts it: the console request log on (its lines go to /dev/null here).
"$bin/understudy" serve --root "$work/one" --port 18086 >/dev/null & pids+=($!)
for port in 18081 18082 18083 18084 18085 18086; do
    wait_ready "http://127.0.0.1:$port/hello"
done

names=("raw SwiftNIO (ceiling)" "understudy serve --quiet, 1 stub" "understudy serve --quiet, 10 000 stubs" "pytest-httpserver" "raw SwiftNIO + HTTPMock.serve, 1 stub" "understudy serve (request log on), 1 stub")
ports=(18081 18082 18083 18084 18085 18086)
declare -A rps p50 p99
for connections in 1 50; do
    threads=$(( connections == 1 ? 1 : 2 ))
    for index in 0 1 2 3 4 5; do
        out=$(wrk -t"$threads" -c"$connections" -d"${duration}s" --latency "http://127.0.0.1:${ports[$index]}/hello")
        rps[$connections,$index]=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
        p50[$connections,$index]=$(echo "$out" | awk '$1 == "50%" {print $2}')
        p99[$connections,$index]=$(echo "$out" | awk '$1 == "99%" {print $2}')
        errors=$(echo "$out" | grep -E "Non-2xx|Socket errors" || true)
        [ -n "$errors" ] && echo "warning: ${names[$index]} at $connections connection(s): $errors" >&2
    done
done

echo "| server | connections | requests/s | ratio to raw | p50 | p99 |"
echo "|---|---:|---:|---:|---:|---:|"
for connections in 1 50; do
    for index in 0 1 2 3 4 5; do
        ratio=$(python3 -c "print(f'{${rps[$connections,$index]} / ${rps[$connections,0]}:.2f}')")
        echo "| ${names[$index]} | $connections | ${rps[$connections,$index]} | ${ratio}× | ${p50[$connections,$index]} | ${p99[$connections,$index]} |"
    done
done
echo
"$bin/UnderstudyServerBenchmarks" cycle --rounds 300
