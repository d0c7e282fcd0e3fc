#!/usr/bin/env bash
# Two `understudy serve --store` instances behind nginx, sharing one PostgreSQL, against one
# in-memory instance, in the same run: requests/s at 50 connections (wrk) for a static stub
# and for scenario stubs (every request moves the scenario), each as a ratio to the in-memory
# instance. To say where the cost goes, it also measures nginx in front of the in-memory
# instance and one store instance alone, and the CPU seconds each kind of process used.
#
#     Benchmarks/shared-store-benchmark.sh [seconds per run, default 10] [rounds, default 3]
#
# Needs wrk, nginx and PostgreSQL (apt-get install wrk nginx-light postgresql); installs them
# when missing. PostgreSQL runs with its defaults (fsync and synchronous_commit on), in a
# cluster of its own under a temporary folder; PG_OPTIONS adds server settings for an
# experiment (PG_OPTIONS="-c synchronous_commit=off" shows what the commits' disk flushes cost).
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
duration="${1:-10}"
rounds="${2:-3}"

need wrk wrk
need nginx nginx-light
build_release understudy
start_postgres 15432

# One root for all: a static stub and a scenario of two stubs that toggle each other.
scenario_root "$work/root"

"$bin/understudy" serve --quiet --root "$work/root" --port 18091 >/dev/null & pids+=($!)
"$bin/understudy" serve --quiet --root "$work/root" --port 18092 --store "$store" >/dev/null 2>&1 & pids+=($!)
"$bin/understudy" serve --quiet --root "$work/root" --port 18093 --store "$store" >/dev/null 2>&1 & pids+=($!)
for port in 18091 18092 18093; do wait_ready "http://127.0.0.1:$port/hello"; done

# nginx: one worker per core, keep-alive to the instances, nothing logged.
cat > "$work/nginx.conf" <<CONF
worker_processes auto;
pid $work/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    upstream shared { server 127.0.0.1:18092; server 127.0.0.1:18093; keepalive 64; }
    upstream memory { server 127.0.0.1:18091; keepalive 64; }
    server { listen 18094; location / { proxy_pass http://shared; proxy_http_version 1.1; proxy_set_header Connection ""; } }
    server { listen 18095; location / { proxy_pass http://memory; proxy_http_version 1.1; proxy_set_header Connection ""; } }
}
CONF
nginx -p "$work" -c "$work/nginx.conf" -g "daemon off;" & pids+=($!)
wait_ready "http://127.0.0.1:18094/hello"
wait_ready "http://127.0.0.1:18095/hello"

# CPU seconds (user + system) used so far by processes whose command name starts with $1.
cpu_of() {
    python3 - "$1" <<'PY'
import os, sys
ticks = os.sysconf("SC_CLK_TCK"); total = 0
for pid in filter(str.isdigit, os.listdir("/proc")):
    try:
        stat = open(f"/proc/{pid}/stat").read()
    except OSError:
        continue
    name = stat[stat.index("(") + 1:stat.rindex(")")]
    if name.startswith(sys.argv[1]):
        fields = stat[stat.rindex(")") + 2:].split()
        total += int(fields[11]) + int(fields[12])
print(total / ticks)
PY
}

names=("one in-memory instance" "nginx + one in-memory instance" "one instance, PostgreSQL store" "nginx + two instances, PostgreSQL store")
ports=(18091 18095 18092 18094)
declare -A rps cpu perreq
for path in /hello /toggle; do
    for index in 0 1 2 3; do rps[$path,$index]=0; done
done
for round in $(seq "$rounds"); do
    for path in /hello /toggle; do
        for index in 0 1 2 3; do
            before=$(for name in postgres understudy nginx; do cpu_of "$name"; done | paste -sd' ')
            out=$(wrk -t2 -c50 -d"${duration}s" "http://127.0.0.1:${ports[$index]}$path")
            after=$(for name in postgres understudy nginx; do cpu_of "$name"; done | paste -sd' ')
            value=$(echo "$out" | awk '/Requests\/sec/ {print $2}')
            errors=$(echo "$out" | grep -E "Non-2xx|Socket errors" || true)
            [ -n "$errors" ] && echo "warning: ${names[$index]} $path: $errors" >&2
            rps[$path,$index]=$(python3 -c "print(${rps[$path,$index]} + $value / $rounds)")
            cpu[$path,$index]=$(python3 -c "
b = [float(x) for x in '$before'.split()]; a = [float(x) for x in '$after'.split()]
print(' / '.join(f'{(y - x) / $duration:.2f}' for x, y in zip(b, a)))")
            # The understudy processes' CPU per request, in microseconds (last round).
            perreq[$path,$index]=$(python3 -c "
b = [float(x) for x in '$before'.split()]; a = [float(x) for x in '$after'.split()]
print(f'{(a[1] - b[1]) / ($value * $duration) * 1e6:.1f}')")
        done
    done
done

echo "| stubs | server | requests/s (mean of $rounds) | ratio to one in-memory instance | cores busy: postgres / understudy / nginx (last round) | understudy CPU µs per request (ratio to in-memory's) |"
echo "|---|---|---:|---:|---|---:|"
for path in /hello /toggle; do
    label=$([ "$path" = /hello ] && echo "static" || echo "scenario (every request moves it)")
    for index in 0 1 2 3; do
        ratio=$(python3 -c "print(f'{${rps[$path,$index]} / ${rps[$path,0]}:.3f}')")
        cpu_ratio=$(python3 -c "print(f'{${perreq[$path,$index]} / ${perreq[$path,0]}:.2f}')")
        printf "| %s | %s | %.0f | %s× | %s | %s (%s×) |\n" "$label" "${names[$index]}" "${rps[$path,$index]}" "$ratio" "${cpu[$path,$index]}" "${perreq[$path,$index]}" "$cpu_ratio"
    done
done

# How long a stub edited through one instance takes to be served by the other: it hears of it
# by notification (the instance that made the change serves it at once; a miss elsewhere is
# confirmed against the database, so only a changed answer can be served late).
echo
python3 - <<'PY'
import json, statistics, time, urllib.request
def put(body, method, url):
    return urllib.request.urlopen(urllib.request.Request(url, data=json.dumps(body).encode(), method=method)).read()
stub = lambda text: {"request": {"method": "GET", "urlPath": "/propagated"}, "response": {"status": 200, "body": text}}
created = json.loads(put(stub("v0"), "POST", "http://127.0.0.1:18092/__admin/mappings"))
times = []
for n in range(1, 21):
    put(stub(f"v{n}"), "PUT", f"http://127.0.0.1:18092/__admin/mappings/{created['id']}")
    start = time.perf_counter()
    while urllib.request.urlopen("http://127.0.0.1:18093/propagated").read().decode() != f"v{n}":
        pass
    times.append((time.perf_counter() - start) * 1000)
print(f"A stub edited through one instance was served by the other after: median {statistics.median(times):.1f} ms, "
      f"max {max(times):.1f} ms (20 edits; bound aimed at: 100 ms).")
PY
