#!/usr/bin/env bash
# Drives h2load (HTTP/2 over TLS, ALPN h2) against `understudy serve --https-port` and the raw
# SwiftNIO TLS + HTTP/2 server with the same TLS setup (UnderstudyServerBenchmarks raw-h2), both
# answering GET /hello with "hello", at 1 and 50 connections x 10 concurrent streams; prints
# requests/s as a ratio to the raw server measured in the same run, then the TLS start/stop
# cycle benchmark.
#
#     Benchmarks/h2-benchmark.sh [requests per run, default 200000]
#
# Needs h2load (apt-get install nghttp2-client); installs it when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
requests="${1:-200000}"

need h2load nghttp2-client

build_release understudy UnderstudyServerBenchmarks


one_stub_root "$work/one"

"$bin/UnderstudyServerBenchmarks" raw-h2 --port 18443 >/dev/null & pids+=($!)
"$bin/understudy" serve --quiet --root "$work/one" --port 0 --https-port 18444 --ca-dir "$work/ca" >/dev/null & pids+=($!)
for port in 18443 18444; do
    wait_port "$port"
done

run() { # port connections -> requests/s
    h2load -n "$requests" -c "$2" -m 10 "https://127.0.0.1:$1/hello" 2>/dev/null \
        | awk '/^finished in/ { gsub(",", "", $4); print $4 }'
}

echo "| server | connections × streams | requests/s | ratio to raw |"
echo "|---|---:|---:|---:|"
for connections in 1 50; do
    run 18443 "$connections" >/dev/null # warm-up
    raw=$(run 18443 "$connections")
    ours=$(run 18444 "$connections")
    echo "| raw SwiftNIO TLS + HTTP/2 | $connections × 10 | $raw | 1.00× |"
    echo "| understudy serve --https-port | $connections × 10 | $ours | $(python3 -c "print(f'{$ours / $raw:.2f}')")× |"
done
echo
"$bin/UnderstudyServerBenchmarks" tls-cycle --rounds 200
