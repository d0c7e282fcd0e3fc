#!/usr/bin/env bash
# Soak of one `understudy serve --store` instance on PostgreSQL: wrk at full rate on a static
# stub (40 connections) and on a scenario every request moves (10 connections), for the whole
# run, while every 30 s it prints the instance's resident memory, the journal's rows and the
# tables' size on disk. With `--max-request-journal-entries 10000` the journal must stay at
# 10 000 rows, and memory and table sizes flat after the first minutes.
#
#     Benchmarks/shared-store-soak.sh [seconds, default 600]
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
duration="${1:-600}"
need wrk wrk
build_release understudy
start_postgres 15433

scenario_root "$work/root"
"$bin/understudy" serve --quiet --root "$work/root" --port 18096 --store "$store" --max-request-journal-entries 10000 >"$work/server.log" 2>&1 & server=$!
pids+=($server)
wait_ready "http://127.0.0.1:18096/hello"

wrk -t1 -c40 -d"${duration}s" http://127.0.0.1:18096/hello >"$work/static.log" & pids+=($!); static=$!
wrk -t1 -c10 -d"${duration}s" http://127.0.0.1:18096/toggle >"$work/toggle.log" & pids+=($!); toggle=$!

echo "| seconds | resident memory (MiB) | journal rows | journal table + indexes (MiB) | call-count rows |"
echo "|---:|---:|---:|---:|---:|"
for elapsed in $(seq 30 30 "$duration"); do
    sleep 30
    rss=$(awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$server/status")
    rows=$(psql_store "SELECT count(*) FROM understudy_journal")
    size=$(psql_store "SELECT round(pg_total_relation_size('understudy_journal') / 1048576.0, 1)")
    calls=$(psql_store "SELECT count(*) FROM understudy_call_counts")
    echo "| $elapsed | $rss | $rows | $size | $calls |"
done
wait "$static" "$toggle"
echo
echo "static: $(awk '/Requests\/sec/ {print $2}' "$work/static.log") requests/s; scenario: $(awk '/Requests\/sec/ {print $2}' "$work/toggle.log") requests/s"
grep -hE "Non-2xx|Socket errors" "$work/static.log" "$work/toggle.log" || echo "no errors"
