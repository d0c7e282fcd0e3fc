#!/usr/bin/env bash
# Start-up and idle memory of `understudy serve --openapi DOCUMENT` for two builds, in one run:
# each round launches both (the order flips each round), times launch to the first successful
# answer to GET PATH, then reads the process's resident memory (VmRSS) once that answer is in.
# Prints each build's medians and the after/before ratios.
#
#     Benchmarks/openapi-document-benchmark.sh BEFORE_BIN AFTER_BIN DOCUMENT [rounds, default 7] [path, default /models]
#
# Each BIN is a folder holding an `understudy` release build. The document is, for issue 27,
# ../shared/conformance/openapi-real/openai.yaml (3 MB of YAML, 288 operations).
set -euo pipefail
cd "$(dirname "$0")/.."
. Benchmarks/common.sh
before="$1"; after="$2"; document="$3"; rounds="${4:-7}"; path="${5:-/models}"
mkdir -p "$work/empty"

python3 - "$before/understudy" "$after/understudy" "$document" "$rounds" "$path" "$work/empty" <<'PY'
import statistics, sys
sys.path.insert(0, "Benchmarks")
from first_response import first_response, free_port

builds = {"before": sys.argv[1], "after": sys.argv[2]}
document, rounds, path, empty = sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6]

def resident_megabytes(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024

def launch(understudy):
    port = free_port()
    return first_response([understudy, "serve", "--quiet", "--root", empty, "--port", str(port), "--openapi", document],
                          f"http://127.0.0.1:{port}{path}", accept=lambda status: status < 500, measure=resident_megabytes)

results = {name: ([], []) for name in builds}
for round in range(1, rounds + 1):
    order = list(builds) if round % 2 else list(reversed(builds))
    for name in order:
        seconds, megabytes = launch(builds[name])
        results[name][0].append(seconds)
        results[name][1].append(megabytes)
    print(f"round {round}: " + ", ".join(f"{name} {results[name][0][-1] * 1000:.0f} ms {results[name][1][-1]:.0f} MB" for name in builds))
medians = {name: (statistics.median(times), statistics.median(memory)) for name, (times, memory) in results.items()}
for name, (seconds, megabytes) in medians.items():
    print(f"{name}: start-up to first answer {seconds * 1000:.0f} ms (min {min(results[name][0]) * 1000:.0f}, max {max(results[name][0]) * 1000:.0f}), resident {megabytes:.1f} MB")
print(f"after/before: start-up {medians['after'][0] / medians['before'][0]:.2f}x, memory {medians['after'][1] / medians['before'][1]:.2f}x")
PY
