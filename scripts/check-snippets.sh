#!/usr/bin/env bash
# Every Swift code block of README.md and the DocC articles compiles as written and runs.
# The convention (```swift, ```swift excerpt=PATH) is described at the top of scripts/snippets.py.
#   0. the script's own tests (scripts/test_snippets.py);
#   1. the committed Examples/ReadmeSnippets matches the documents (no drift), excerpts match;
#   2. the extracted blocks build and their tests pass.
# Arguments go to `swift test` (CI passes --scratch-path "$PWD/.build" to reuse the root's build).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 scripts/test_snippets.py
python3 scripts/snippets.py --check
# A build folder shared with another package still holds that package's build plan, which
# SwiftPM reuses when nothing it lists has changed (it would run the other package's tests):
# drop the plan so this package's is made; compiled dependencies are reused.
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
    if [ "${args[$i]}" = "--scratch-path" ] && [ $((i + 1)) -lt ${#args[@]} ]; then
        rm -f "${args[$((i + 1))]}/debug.yaml"
    fi
done
swift test --package-path Examples/ReadmeSnippets "$@"
