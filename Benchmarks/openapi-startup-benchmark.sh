#!/usr/bin/env bash
# What serving an OpenAPI document costs at start-up: `understudy serve --openapi` on a generated
# ~1 MB OpenAPI 3.1 document (N operations, each with a path parameter, a $ref'd schema and an
# example), as JSON and as YAML (the same text in YAML's flow style, which goes through libyaml),
# against `understudy serve --root` on N hand-written mapping files answering the same requests. Each run is timed from launch to the first successful response; runs alternate
# (the order flips each round) and the ratio of the medians is printed.
#
#     Benchmarks/openapi-startup-benchmark.sh [rounds, default 5] [configuration, default release]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds="${1:-5}"
configuration="${2:-release}"
scratch=".build"
[ "$configuration" = release ] && scratch=".build-release"

swift build -c "$configuration" --scratch-path "$scratch" --product understudy >/dev/null
bin=$(swift build -c "$configuration" --scratch-path "$scratch" --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 - "$bin/understudy" "$work" "$rounds" <<'PY'
import json, os, statistics, sys
sys.path.insert(0, "Benchmarks")
from first_response import first_response, free_port

understudy, work, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])

# The document: operations until it passes 1 MB.
paths, schemas, mappings = {}, {}, []
n = 0
while True:
    text = json.dumps({"openapi": "3.1.0", "info": {"title": "Big", "version": "1"}, "paths": paths,
                       "components": {"schemas": schemas}})
    if len(text) >= 1_000_000:
        break
    name = f"Thing{n}"
    schemas[name] = {"type": "object", "required": ["id", "name"], "properties": {
        "id": {"type": "integer", "minimum": 1}, "name": {"type": "string"}, "email": {"type": "string", "format": "email"},
        "tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b", "c"]}},
        "createdAt": {"type": "string", "format": "date-time"}, "note": {"type": ["string", "null"]}}}
    example = {"id": n + 1, "name": f"thing {n}", "email": f"t{n}@example.com", "tags": ["a"], "createdAt": "2026-01-01T00:00:00Z", "note": None}
    paths[f"/things{n}/{{id}}"] = {"get": {"operationId": f"getThing{n}",
        "parameters": [{"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}},
                       {"name": "verbose", "in": "query", "schema": {"type": "boolean"}}],
        "responses": {"200": {"description": "A thing", "content": {"application/json": {
            "schema": {"$ref": f"#/components/schemas/{name}"}, "example": example}}},
            "404": {"description": "Missing"}}}}
    mappings.append({"request": {"method": "GET", "urlPathTemplate": f"/things{n}/{{id}}"},
                     "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "jsonBody": example}})
    n += 1
spec = os.path.join(work, "spec.json")
with open(spec, "w") as f:
    f.write(text)
spec_yaml = os.path.join(work, "spec.yaml")
with open(spec_yaml, "w") as f:
    f.write("# YAML: JSON's syntax is YAML's flow style\n" + text)
root = os.path.join(work, "root")
os.makedirs(os.path.join(root, "mappings"))
for i, mapping in enumerate(mappings):
    with open(os.path.join(root, "mappings", f"thing{i}.json"), "w") as f:
        json.dump(mapping, f)
empty = os.path.join(work, "empty")
os.makedirs(empty)
print(f"document: {len(text)} bytes, {n} operations; root: {n} mapping files")

def start_to_first_response(arguments):
    port = free_port()
    return first_response([understudy, "serve", "--port", str(port), "--quiet"] + arguments,
                          f"http://127.0.0.1:{port}/things{n - 1}/7")[0]

times = {"openapi JSON": [], "openapi YAML": [], "mapping files": []}
for round in range(1, rounds + 1):
    runs = [("openapi JSON", ["--root", empty, "--openapi", spec]), ("openapi YAML", ["--root", empty, "--openapi", spec_yaml]),
            ("mapping files", ["--root", root])]
    if round % 2 == 0:
        runs.reverse()
    for kind, arguments in runs:
        times[kind].append(start_to_first_response(arguments))
    print(f"round {round}: " + ", ".join(f"{kind} {values[-1] * 1000:.0f} ms" for kind, values in times.items()))
medians = {kind: statistics.median(values) for kind, values in times.items()}
base = medians["mapping files"]
print(f"median start-up to first response ({n} operations / mapping files): "
      + ", ".join(f"{kind} {value * 1000:.0f} ms ({value / base:.2f}x)" for kind, value in medians.items()))
PY
