#!/usr/bin/env bash
# Routing among many operations: `understudy serve --openapi DOCUMENT` answering GET PATH,
# against the same build serving one `urlPathTemplate` stub (TEMPLATE) with the very answer the
# document's server gave (status, Content-Type and body), under wrk at 50 connections. Rounds
# alternate the two servers (the order flips each round); prints each round's requests/s and
# the median of the per-round ratios, openapi / one stub.
#
#     Benchmarks/openapi-routing-benchmark.sh BIN DOCUMENT [rounds, default 7] [seconds, default 5] [path] [template]
#
# BIN is a folder holding an `understudy` release build. For issue 28: DOCUMENT is
# ../shared/conformance/openapi-real/openai.yaml (288 operations), PATH /models/gpt-4o,
# TEMPLATE /models/{model}.
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
bin="$1"; document="$2"; rounds="${3:-7}"; seconds="${4:-5}"; path="${5:-/models/gpt-4o}"; template="${6:-/models/{model\}}"
mkdir -p "$work/empty" "$work/one/mappings"

python3 - "$bin/understudy" "$document" "$rounds" "$seconds" "$path" "$template" "$work" <<'PY'
import json, re, socket, statistics, subprocess, sys, time, urllib.request

understudy, document, rounds, seconds, path, template, work = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5], sys.argv[6], sys.argv[7]

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def start(arguments):
    port = free_port()
    process = subprocess.Popen([understudy, "serve", "--quiet", "--port", str(port)] + arguments,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=5) as answer:
                return process, port, answer.status, answer.headers.get("Content-Type"), answer.read()
        except Exception:
            time.sleep(0.1)
    process.kill()
    sys.exit(f"error: {understudy} answered nothing at {path} within 30 s")

def wrk(port):
    output = subprocess.run(["wrk", "-t2", "-c50", f"-d{seconds}s", f"http://127.0.0.1:{port}{path}"],
                            capture_output=True, text=True, check=True).stdout
    return float(re.search(r"Requests/sec:\s+([0-9.]+)", output).group(1))

openapi, openapi_port, status, content_type, body = start(["--root", f"{work}/empty", "--openapi", document])
stub = {"request": {"method": "GET", "urlPathTemplate": template},
        "response": {"status": status, "headers": {"Content-Type": content_type}, "body": body.decode()}}
with open(f"{work}/one/mappings/one.json", "w") as file:
    json.dump(stub, file)
one, one_port, one_status, _, one_body = start(["--root", f"{work}/one"])
if (one_status, one_body) != (status, body):
    sys.exit("error: the one-stub server does not give the document's answer")
try:
    ratios, figures = [], {"openapi": [], "one stub": []}
    for round in range(rounds):
        order = [("openapi", openapi_port), ("one stub", one_port)]
        if round % 2: order.reverse()
        measured = {name: wrk(port) for name, port in order}
        for name in measured: figures[name].append(measured[name])
        ratios.append(measured["openapi"] / measured["one stub"])
        print(f"round {round + 1}: openapi {measured['openapi']:.0f} req/s, one stub {measured['one stub']:.0f} req/s, ratio {ratios[-1]:.3f}")
    print(f"medians: openapi {statistics.median(figures['openapi']):.0f} req/s, one stub {statistics.median(figures['one stub']):.0f} req/s; "
          f"median of per-round ratios {statistics.median(ratios):.3f} (range {min(ratios):.3f}-{max(ratios):.3f})")
finally:
    openapi.kill(); one.kill()
PY
