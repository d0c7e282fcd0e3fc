#!/usr/bin/env bash
# Soak: `understudy serve` under wrk at full rate while a second client adds, edits and
# deletes mappings and reads the journal through the admin API. Prints wrk's summary, the
# admin client's error count and the server's resident memory every 10 s.
#
#     Benchmarks/soak.sh [seconds, default 300]
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
duration="${1:-300}"
need wrk wrk

build_release understudy

one_stub_root "$work"
"$bin/understudy" serve --root "$work" --port 18095 --journal-capacity 10000 >/dev/null 2>&1 & server=$!
pids+=($server)
wait_ready "http://127.0.0.1:18095/hello"

# The admin client: add, edit, read, delete, read the journal; counts anything but the expected answers.
python3 - "$duration" >"$work/admin.log" 2>&1 <<'PY' & pids+=($!)
import json, sys, time, urllib.request
base = "http://127.0.0.1:18095/__admin"
end = time.time() + float(sys.argv[1])
calls = errors = 0
def call(method, path, body=None, expect=200):
    global calls, errors
    calls += 1
    request = urllib.request.Request(base + path, method=method, data=json.dumps(body).encode() if body is not None else None)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            data = response.read()
            if response.status != expect: errors += 1
            return json.loads(data) if data else None
    except Exception as error:
        errors += 1
        print("admin error:", method, path, error, flush=True)
n = 0
while time.time() < end:
    n += 1
    created = call("POST", "/mappings", {"request": {"method": "GET", "urlPath": f"/churn/{n}"}, "response": {"status": 200, "body": "v1"}}, expect=201)
    if created:
        call("PUT", f"/mappings/{created['id']}", {"request": {"method": "GET", "urlPath": f"/churn/{n}"}, "response": {"status": 200, "body": "v2"}})
        call("GET", f"/mappings/{created['id']}")
        call("DELETE", f"/mappings/{created['id']}")
    call("GET", "/requests?limit=50")
    time.sleep(0.01)
print(f"admin calls {calls}, errors {errors}", flush=True)
PY
admin=${pids[-1]}

wrk -t2 -c50 -d"${duration}s" --latency http://127.0.0.1:18095/hello >"$work/wrk.log" 2>&1 & wrkpid=$!
pids+=($wrkpid)
echo "seconds  rss_kib"
for ((t = 0; t <= duration; t += 10)); do
    echo "$t  $(awk '/VmRSS/ {print $2}' /proc/$server/status)"
    sleep 10
done
wait "$wrkpid" || true
wait "$admin" || true
grep -E "Requests/sec|requests in|Non-2xx|Socket errors|Latency  " "$work/wrk.log"
tail -3 "$work/admin.log"
echo "server still up: $(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:18095/hello)"
