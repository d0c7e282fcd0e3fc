#!/usr/bin/env bash
# Attachments on failure, as `swift test --attachments-path DIR` keeps them: runs the tests of
# Examples/AttachmentsProbe (which fail and pass on purpose) and checks that each failing test
# under an Understudy scope, and the passing one that asks for them always, left
# <test>-journal.har, <test>-near-misses.txt and <test>-stubs.json, and that the passing test
# and the test that opted out left nothing; and that the suite under `.mockHTTP.pact(...)` wrote
# one Pact contract holding its passing tests' interactions only. Arguments: --scratch-path DIR (CI shares the root's
# build folder; the plan is dropped before and after, as for the other example packages).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=(); if [ "${1:-}" = "--scratch-path" ]; then scratch=(--scratch-path "$2"); rm -f "$2/debug.yaml"; fi
dir=$(mktemp -d)
log="$dir.log"
export PROBE_PACT_DIR="$dir-pacts"
# The probe's own failures are expected: its output goes to a log, read only when a check fails.
set +e
swift test --package-path Examples/AttachmentsProbe "${scratch[@]}" --attachments-path "$dir" >"$log" 2>&1
status=$?
set -e
if [ ${#scratch[@]} -gt 0 ]; then rm -f "${scratch[1]}/debug.yaml"; fi
fail() { cat "$log"; echo "--- attachments in $dir:"; ls -la "$dir"; echo "check-attachments: $1"; exit 1; }
[ "$status" -ne 0 ] || fail "the probe's failing tests passed"
grep -q "passesWithAttachments" "$log" || fail "the probe's tests did not run"
for test in failsWithAnUnmatchedRequest failsAnExpectation passesWithAttachments failsInWithMockHTTP failsInItsNamespace; do
    for file in journal.har near-misses.txt stubs.json; do
        ls "$dir" | grep -q "^$test-$file" || fail "$test left no $file"
    done
done
for test in passes failsWithoutAttachments passesInAnotherNamespace; do
    if ls "$dir" | grep -q "^$test-"; then fail "$test left attachments"; fi
done
# What the files hold: the HAR reads as HAR and holds the unmatched request, the near-miss
# report names the nearest stub, and the mappings are WireMock's listing.
python3 - "$dir" "$PROBE_PACT_DIR" <<'PY'
import json, pathlib, sys
folder = pathlib.Path(sys.argv[1])
pact = json.loads((pathlib.Path(sys.argv[2]) / "Probe-Users.json").read_text())
assert pact["metadata"]["pactSpecification"]["version"].startswith("4"), pact["metadata"]
assert sorted(i["description"] for i in pact["interactions"]) == ["Get user", "List orders"], pact["interactions"]
def one(prefix):
    found = sorted(folder.glob(prefix + "*"))
    assert found, prefix
    return found[0]
har = json.loads(one("failsWithAnUnmatchedRequest-journal.har").read_text())
urls = [entry["request"]["url"] for entry in har["log"]["entries"]]
assert any(url.endswith("/users/2") for url in urls), urls
assert har["log"]["entries"][0]["comment"] == "no stub matched", har["log"]["entries"][0]
assert "Get user" in one("failsWithAnUnmatchedRequest-near-misses.txt").read_text()
stubs = json.loads(one("failsWithAnUnmatchedRequest-stubs.json").read_text())
assert [m["name"] for m in stubs["mappings"]] == ["Get user"], stubs
assert "Every request a stub matched" in one("passesWithAttachments-near-misses.txt").read_text()
# A namespace's evidence: its own request and stub, none of the test beside it on the server.
har = json.loads(one("failsInItsNamespace-journal.har").read_text())
urls = [entry["request"]["url"] for entry in har["log"]["entries"]]
assert any(url.endswith("/not-mine") for url in urls) and not any("/theirs" in url for url in urls), urls
stubs = json.loads(one("failsInItsNamespace-stubs.json").read_text())
assert [m["name"] for m in stubs["mappings"]] == ["Mine"], stubs
PY
echo "check-attachments: 5 tests (one in a shared server's namespace) attached their mock's journal, near misses and stubs; 3 attached nothing; the suite's contract holds its 2 passing tests"
