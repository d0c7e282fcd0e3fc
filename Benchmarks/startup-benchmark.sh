#!/usr/bin/env bash
# Start-up of the released command (issue 30: "start-up to first response on 1 000 mapping
# files stays <= 100 ms"): `understudy serve --root-dir ROOT` timed from launch to the first
# successful response, on a root of 1 000 mapping files, against the same binary on an empty
# root (the cost of starting the process and the server, measured in the same run) and
# `understudy --version` (starting the process only). Runs alternate, the order flipping each
# round; medians, ranges and the ratios to the empty root are printed, and for the servers
# the CPU time (user + system, from /proc, 10 ms ticks) each spent up to its first response,
# which a busy machine disturbs less than the wall time.
#
#     Benchmarks/startup-benchmark.sh [rounds, default 15] [understudy binary]
#
# Without a binary, the one scripts/release.sh packs is built (release, --static-swift-stdlib,
# -no-pie, in .build-release) and measured; give the path of an unpacked tarball's `understudy` to
# measure that. The 1 000 files are of the kinds people keep (generated deterministically):
# URL paths, path templates and regexes, query and header matchers, JSON bodies matched by
# equalToJson and matchesJsonPath, response bodies inline, as JSON and from __files, templated
# responses, scenarios; each file one stub, except every tenth, which holds a "mappings" list.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-15}"
understudy="${2:-}"
if [ -z "$understudy" ]; then
    flags=(-c release --static-swift-stdlib -Xlinker -no-pie --product understudy --scratch-path .build-release)
    swift build "${flags[@]}" >/dev/null
    understudy="$(swift build "${flags[@]}" --show-bin-path)/understudy"
fi
[ -x "$understudy" ] || { echo "error: $understudy is not an executable understudy; build it with scripts/release.sh" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$understudy" "$work" "$rounds" <<'PY'
import json, os, statistics, subprocess, sys, time
sys.path.insert(0, "Benchmarks")
from first_response import cpu_seconds, first_response, free_port

understudy, work, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
FILES = 1000

def stub(i):
    kind = i % 8
    request = {"method": ["GET", "POST", "PUT", "DELETE"][i % 4]}
    response = {"status": 200, "headers": {"Content-Type": "application/json"}}
    if kind == 0:
        request["urlPath"] = f"/api/v1/items{i}"
        response["jsonBody"] = {"id": i, "name": f"item {i}", "tags": ["a", "b"], "price": i * 1.5}
    elif kind == 1:
        request["urlPathTemplate"] = f"/api/v1/users{i}/{{id}}/orders/{{order}}"
        request["pathParameters"] = {"id": {"matches": "[0-9]+"}}
        response["bodyFileName"] = f"body{i % 50}.json"
    elif kind == 2:
        request["urlPathPattern"] = f"/search{i}/[a-z]+"
        request["queryParameters"] = {"q": {"contains": "swift"}, "page": {"matches": "[0-9]{1,3}"}}
        response["body"] = f'{{"results": [], "query": "q{i}"}}'
    elif kind == 3:
        request["url"] = f"/orders{i}?status=open"
        request["headers"] = {"Authorization": {"matches": "Bearer .+"}, "Accept": {"contains": "json"}}
        response["jsonBody"] = {"orders": [{"id": n, "open": True} for n in range(5)]}
    elif kind == 4:
        request["method"] = "POST"
        request["urlPath"] = f"/checkout{i}"
        request["bodyPatterns"] = [{"equalToJson": {"cart": i, "items": ["${json-unit.any-string}"]}, "ignoreExtraElements": True}]
        response["status"] = 201
        response["jsonBody"] = {"ok": True}
    elif kind == 5:
        request["method"] = "POST"
        request["urlPath"] = f"/events{i}"
        request["bodyPatterns"] = [{"matchesJsonPath": "$.type"}, {"matchesJsonPath": {"expression": "$.user.id", "matches": "[0-9]+"}}]
        response["status"] = 202
    elif kind == 6:
        request["urlPathPattern"] = f"/greet{i}/.*"
        response["body"] = "Hello {{request.path.[1]}} at {{now format='yyyy-MM-dd'}}, {{jsonPath request.body '$.name'}}"
        response["transformers"] = ["response-template"]
    else:
        request["urlPath"] = f"/flow{i}"
        response["jsonBody"] = {"state": "started"}
        return {"name": f"flow {i}", "scenarioName": f"flow-{i}", "requiredScenarioState": "Started",
                "newScenarioState": "done", "request": request, "response": response}
    return {"name": f"stub {i}", "priority": 1 + i % 5, "request": request, "response": response}

root = os.path.join(work, "root")
os.makedirs(os.path.join(root, "mappings"))
os.makedirs(os.path.join(root, "__files"))
for n in range(50):
    with open(os.path.join(root, "__files", f"body{n}.json"), "w") as f:
        json.dump({"file": n, "rows": [{"k": k, "v": "x" * 20} for k in range(20)]}, f)
stubs = 0
for i in range(FILES):
    folder = os.path.join(root, "mappings", f"area{i % 20}")
    os.makedirs(folder, exist_ok=True)
    if i % 10 == 9:
        content = {"mappings": [stub(i * 3 + k) for k in range(3)]}
        stubs += 3
    else:
        content = stub(i)
        stubs += 1
    with open(os.path.join(folder, f"mapping{i}.json"), "w") as f:
        json.dump(content, f, indent=2)
size = sum(os.path.getsize(os.path.join(d, name)) for d, _, names in os.walk(os.path.join(root, "mappings")) for name in names)
empty = os.path.join(work, "empty")
os.makedirs(os.path.join(empty, "mappings"))
with open(os.path.join(empty, "mappings", "hello.json"), "w") as f:
    json.dump({"request": {"method": "GET", "urlPath": "/api/v1/items0"}, "response": {"status": 200, "body": "hello"}}, f)
print(f"root: {FILES} mapping files ({stubs} stubs, {size} bytes) in 20 folders, 50 __files bodies; binary: {understudy}")

cpu = {}

def start_to_first_response(root):
    """Launch to the first 200 of GET /api/v1/items0 (served by both roots)."""
    port = free_port()
    seconds, used = first_response([understudy, "serve", "--root-dir", root, "--port", str(port), "--disable-request-logging"],
                                   f"http://127.0.0.1:{port}/api/v1/items0", measure=cpu_seconds)
    cpu.setdefault(root, []).append(used)
    return seconds

def version_only():
    started = time.perf_counter()
    subprocess.run([understudy, "--version"], stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started

runs = {"1 000 mapping files": lambda: start_to_first_response(root),
        "one mapping file": lambda: start_to_first_response(empty),
        "--version (process only)": version_only}
times = {kind: [] for kind in runs}
for kind, run in runs.items():
    run()  # warm-up: page cache, the binary's pages
cpu.clear()
for round in range(1, rounds + 1):
    order = list(runs) if round % 2 else list(reversed(runs))
    for kind in order:
        times[kind].append(runs[kind]())
    print(f"round {round}: " + ", ".join(f"{kind} {values[-1] * 1000:.1f} ms" for kind, values in times.items()), flush=True)
base = statistics.median(times["one mapping file"])
print(f"\nmedian (min-max) launch to first response over {rounds} rounds, load average {os.getloadavg()[0]:.1f}:")
for kind, values in times.items():
    median = statistics.median(values)
    print(f"  {kind}: {median * 1000:.1f} ms ({min(values) * 1000:.1f}-{max(values) * 1000:.1f}), {median / base:.2f}x one mapping file")
for kind, folder in (("1 000 mapping files", root), ("one mapping file", empty)):
    values = [value for value in cpu.get(folder, []) if value is not None]
    if values:
        print(f"  {kind}: CPU to first response {statistics.median(values) * 1000:.0f} ms median ({min(values) * 1000:.0f}-{max(values) * 1000:.0f})")
PY
