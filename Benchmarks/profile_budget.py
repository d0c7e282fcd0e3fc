"""Reads `perf script -F ip,sym --no-demangle` of a server (stdin) and prints, as JSON, its CPU
microseconds per request: in all, and inside named parts of Understudy's code (a sample counts
for a part when any frame of its stack belongs to it).

    perf script ... | python3 profile_budget.py FREQUENCY SECONDS REQUESTS_PER_SECOND

Used by server-profile.sh. The parts are matched on mangled names, so that no demangler is
needed.
"""
import json
import sys

# Name shown -> substrings of the mangled symbols that belong to the part.
PARTS = {
    "the mock: `HTTPMock.respond` (match, count, journal, plan)": ["10Understudy8HTTPMockC7respond"],
    "  of which: the store's commit (count, journal, the dropped entry freed)": ["InMemoryStateStoreC6commit"],
    "  of which: finding the stub (`firstMatch`)": ["10Understudy8HTTPMockC10firstMatch"],
    "  of which: the plan (`HTTPMock.plan`)": ["10Understudy8HTTPMockC4plan"],
    "  of which: the journal entry that falls out freed (`ServeEvent`'s storage)": ["10Understudy10ServeEventV7Storage"],
    "the request model (`RecordedRequest` from NIO's head)": ["RecordedRequestV0A6ServerE_4body"],
    "the writer (`ResponseWriter`, including the socket write)": ["16UnderstudyServer14ResponseWriterC"],
    "the console request log (queued on the event loop, written by its task)": ["13UnderstudyCLI10RequestLogC"],
    "the handler's own (`MockHTTPHandler`, outside the parts above)": ["16UnderstudyServer15MockHTTPHandlerC"],
    "`HTTPMock.serve` (the raw + mock server's call)": ["10Understudy8HTTPMockC5serve"],
    "the raw servers' handler (`FixedResponder`, `MockServingResponder`), writes included": ["14FixedResponderC", "20MockServingResponderC"],
    "the mock server's handler (`MockHTTPHandler.channelRead`), writes included": ["16UnderstudyServer15MockHTTPHandlerC"],
}


def main() -> None:
    frequency, seconds, rate = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
    requests = rate * seconds
    per_request = 1e6 / frequency / requests  # µs of CPU that one sample stands for, per request
    counts = {name: 0 for name in PARTS}
    total = 0
    nested = {"16UnderstudyServer14ResponseWriterC", "10Understudy8HTTPMockC7respond", "RecordedRequestV0A6ServerE_4body",
              "13UnderstudyCLI10RequestLogC"}
    for sample in sys.stdin.read().split("\n\n"):
        if not sample.strip():
            continue
        total += 1
        frames = sample.split("\n")
        for name, needles in PARTS.items():
            if not any(needle in frame for frame in frames for needle in needles):
                continue
            if name.startswith("the handler's own"):
                # Only what no other named part of the handler holds.
                if any(inner in frame for frame in frames for inner in nested):
                    continue
            counts[name] += 1
    budget = {"total": total * per_request, "rate": rate}
    budget.update({name: count * per_request for name, count in counts.items()})
    print(json.dumps(budget))


if __name__ == "__main__":
    main()
