#!/usr/bin/env python3
"""Serves each public OpenAPI document of the conformance folder with `understudy serve --openapi`
(permissive, then `--validate`) and judges the answers with schemathesis, a property-based API
tester that knows nothing of Understudy:

- positive data: the answers must conform to the document (status codes, content types, headers,
  schemas) and never be a 5xx;
- all data (positive and negative): the validating server must refuse what the document forbids
  and accept what it allows (negative data only judges the validating server: a plain mock is
  permissive by design).

    scripts/check-openapi-realworld.py [--understudy PATH] [--documents DIR] [--max-examples N]
                                       [--full] [--jobs N] [--timeout S] [--only NAME[,NAME]]
                                       [--seed N] [--update-baselines]

The documents are found in $UNDERSTUDY_OPENAPI_REAL, else ../shared/conformance/openapi-real next
to the checkout. Each run's full output is kept in .build/openapi-realworld/. Prints one line per
document and run, and exits 1 when any run has a failure."""
import argparse
import json
import os
import queue
import re
import signal
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

import yaml  # PyYAML, which schemathesis depends on

ROOT = Path(__file__).resolve().parent.parent
# The failures accepted per document, each class explained in its README: where the document
# contradicts itself or the tester reads it more strictly than OpenAPI does, not Understudy's.
BASELINES = ROOT / "scripts/openapi-realworld-baselines"
# Generation settings (no undocumented parameters; the file says why).
CONFIG = ROOT / "scripts/schemathesis.toml"
POSITIVE_CHECKS = ("not_a_server_error,status_code_conformance,content_type_conformance,"
                   "response_headers_conformance,response_schema_conformance")
# A plain `serve --openapi` is permissive by design (it answers what it is sent), so only the
# validating server is held to rejecting negative data.
PERMISSIVE_ALL_DATA_CHECKS = "not_a_server_error,positive_data_acceptance"
ALL_DATA_CHECKS = "not_a_server_error,negative_data_rejection,positive_data_acceptance"


def load(document):
    with open(document) as file:
        return json.load(file) if document.suffix == ".json" else \
            yaml.load(file, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def credentials(spec):
    """What a client holding credentials sends: the validating server checks the presence of the
    document's security schemes, as Prism does. Basic when that is the only way in, else a bearer
    token (http bearer, oauth2, openIdConnect), plus every header API key."""
    schemes = (spec.get("components") or {}).get("securitySchemes") or {}
    kinds = {"basic" if scheme.get("scheme", "").lower() == "basic" else "bearer"
             for scheme in schemes.values() if scheme.get("type") in ("http", "oauth2", "openIdConnect")}
    options = ["--auth", "understudy:test"] if kinds == {"basic"} else (
        ["-H", "Authorization: Bearer understudy-test"] if kinds else [])
    for scheme in schemes.values():
        if scheme.get("type") == "apiKey" and scheme.get("in") == "header":
            options += ["-H", f"{scheme['name']}: understudy-test"]
    return options


def start_server(understudy, document, validate, root, log):
    """Starts `understudy serve` with its output copied to `log` (by a thread, so a server that
    reports every violation never blocks on a full pipe); returns it and its base URL."""
    command = [understudy, "serve", "--openapi", str(document), "--root", root, "--port", "0", "--quiet"]
    if validate:
        command.append("--validate")
    server = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    first_line = queue.Queue()

    def copy():
        with open(log, "w") as file:
            for index, line in enumerate(server.stdout):
                if index == 0:
                    first_line.put(line)
                file.write(line)
        first_line.put("")

    threading.Thread(target=copy, daemon=True).start()
    # The first line names the address once the server listens (or says why it could not start).
    line = first_line.get()
    match = re.search(r"at (http://127\.0\.0\.1:\d+)", line)
    if not match:
        server.kill()
        sys.exit(f"understudy did not start on {document.name}: {line.strip()} (see {log})")
    return server, match.group(1)


def run_schemathesis(document, spec, url, run, arguments, log, baseline):
    # One worker: with more, Python 3.11's ast module can fail in hypothesis's threads.
    command = ["schemathesis", "--config-file", str(CONFIG), "run", str(document), "--url", url, "--checks", run.checks, "--mode", run.mode,
               "--max-examples", str(run.examples), "--seed", str(arguments.seed),
               "--phases", run.phases, "--workers", "1", "--no-color",
               "--request-timeout", "10", *credentials(spec)]
    for name in EXCLUDED.get(document.name, []):
        command += ["--exclude-name", name]
    if arguments.update_baselines:
        command += ["--baseline", str(baseline), "--baseline-update"]
    elif baseline.exists():
        command += ["--baseline", str(baseline)]
    # Not schemathesis's --max-time: with it, fuzzing repeats until the budget is spent. A run
    # past the timeout is stopped with its whole process group (the command may be a shim).
    started = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               start_new_session=True)
    try:
        output, _ = process.communicate(timeout=arguments.timeout)
        code = process.returncode
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        code = "timeout"
        output += f"\n\ntimed out after {arguments.timeout} s"
    elapsed = time.monotonic() - started
    log.write_text(" ".join(command) + "\n\n" + output)
    cases = re.search(r"Test cases:\s*\n\s*(.+)", output)
    summary = cases.group(1).strip() if cases else f"no summary ({code}; see the log)"
    return code, summary, elapsed


class Run(NamedTuple):
    label: str
    validate: bool
    mode: str
    checks: str
    phases: str
    examples: int


# Operations schemathesis cannot test at all, by document, each for a fault of the document:
# OpenAI's container schema lists `required` members twice, which JSON Schema forbids.
EXCLUDED = {"openai.yaml": ["GET /containers/{container_id}", "POST /containers"]}

ALL_PHASES = "examples,coverage,fuzzing"
# Documents with more operations than this get lighter runs (see `plan`), so the whole check
# stays near ten minutes on two cores: on OpenAI's 288 operations, the coverage phase alone of
# an all-data run generates some 87 000 requests.
LARGE = 150


def plan(spec, arguments):
    """The runs for one document: served plain and with --validate, each judged on positive
    data and on all data. A large document gets one example per operation, no coverage phase,
    and no plain all-data run (whose only check, no 5xx, the validating run repeats)."""
    operations = sum(1 for item in (spec.get("paths") or {}).values() if isinstance(item, dict)
                     for method in item if method in ("get", "put", "post", "delete", "options", "head", "patch", "trace"))
    if arguments.full or operations <= LARGE:
        n = arguments.max_examples
        return [Run("serve", False, "positive", POSITIVE_CHECKS, ALL_PHASES, n),
                Run("serve", False, "all", PERMISSIVE_ALL_DATA_CHECKS, ALL_PHASES, n),
                Run("serve --validate", True, "positive", POSITIVE_CHECKS, ALL_PHASES, n),
                Run("serve --validate", True, "all", ALL_DATA_CHECKS, ALL_PHASES, n)]
    # No coverage phase at all: on OpenAI's document the positive one alone was 18 800 requests
    # and 547 s of a 600 s timeout against the debug build (a third of CI), and timed out on a
    # loaded machine. The smaller documents keep it.
    return [Run("serve", False, "positive", POSITIVE_CHECKS, "examples,fuzzing", 1),
            Run("serve --validate", True, "positive", POSITIVE_CHECKS, "examples,fuzzing", 1),
            Run("serve --validate", True, "all", ALL_DATA_CHECKS, "examples,fuzzing", 1)]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--understudy", default=str(ROOT / ".build/debug/understudy"))
    parser.add_argument("--documents", default=os.environ.get(
        "UNDERSTUDY_OPENAPI_REAL", str(ROOT.parent / "shared/conformance/openapi-real")))
    parser.add_argument("--max-examples", type=int, default=5, help="per operation, for documents that are not large")
    parser.add_argument("--full", action="store_true", help="every run in full for large documents too (an hour)")
    parser.add_argument("--jobs", type=int, default=2, help="runs at once (each is one schemathesis process and one server)")
    parser.add_argument("--timeout", type=int, default=600, help="seconds a schemathesis run may take")
    parser.add_argument("--seed", type=int, default=27)
    parser.add_argument("--only", help="comma-separated document file names")
    parser.add_argument("--update-baselines", action="store_true",
                        help="record this run's failures as accepted (then review them against the README there)")
    arguments = parser.parse_args()

    documents = Path(arguments.documents)
    if not documents.is_dir():
        sys.exit(f"no OpenAPI documents at {documents}: set UNDERSTUDY_OPENAPI_REAL to the "
                 "folder holding the conformance documents (openapi-real)")
    names = arguments.only.split(",") if arguments.only else sorted(
        path.name for path in documents.iterdir() if path.suffix in (".yaml", ".yml", ".json"))
    logs = ROOT / ".build/openapi-realworld"
    logs.mkdir(parents=True, exist_ok=True)
    specs = {name: load(documents / name) for name in names}
    # Large documents first, so that the longest runs overlap the short ones.
    work = sorted(((name, run) for name in names for run in plan(specs[name], arguments)),
                  key=lambda item: -len(specs[item[0]].get("paths") or {}))

    def judge(name, run, root):
        stem = Path(name).stem
        log = logs / f"{stem}-{'validate' if run.validate else 'plain'}-{run.mode}.log"
        server, url = start_server(arguments.understudy, documents / name, run.validate, root, log.with_suffix(".server.log"))
        try:
            code, summary, elapsed = run_schemathesis(documents / name, specs[name], url, run, arguments, log,
                                                      BASELINES / f"{stem}.json")
        finally:
            server.terminate()
            server.wait()
        verdict = "ok" if code == 0 else "FAILED"
        print(f"{verdict:6} {name:26} {run.label:17} {run.mode:8} {summary} ({elapsed:.0f} s)", flush=True)
        return None if code == 0 else log

    started = time.monotonic()
    # Baselines are updated one run at a time: two runs of a document share its file.
    jobs = 1 if arguments.update_baselines else arguments.jobs
    with tempfile.TemporaryDirectory() as root, ThreadPoolExecutor(max_workers=jobs) as pool:
        failed = [log for log in pool.map(lambda item: judge(*item, root), work) if log]
    print(f"{len(work)} runs on {len(names)} documents in {time.monotonic() - started:.0f} s")
    if failed:
        print("\nschemathesis found failures; the logs:", *failed, sep="\n  ")
        sys.exit(1)


if __name__ == "__main__":
    main()
