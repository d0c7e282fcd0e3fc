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
swift test --package-path Examples/ReadmeSnippets "$@"
