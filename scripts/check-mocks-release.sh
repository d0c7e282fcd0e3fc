#!/usr/bin/env bash
# Release builds carry no mock code: @Mockable generates under `#if MOCKING || DEBUG`.
# Builds Examples/MocksInRelease (an app marking its own protocol @Mockable) in debug and in
# release, and checks that the debug binary has MockClock, and the release binary has no Mock
# symbol and links neither XCTest nor Testing.
#   scripts/check-mocks-release.sh [--scratch-path DIR]   (default: Examples/MocksInRelease/.build)
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="Examples/MocksInRelease/.build"
if [ "${1:-}" = "--scratch-path" ]; then scratch="$2"; fi
package=(--package-path Examples/MocksInRelease --scratch-path "$scratch")
fail() { echo "error: $*" >&2; exit 1; }

swift build "${package[@]}" -c debug
# The app's own object files, demangled (a mangled name abbreviates MockClock after ClockApp).
symbols() { nm "$1"/ClockApp.build/*.o "$1"/ClockApp | swift demangle; }
debug="$(swift build "${package[@]}" -c debug --show-bin-path)"
symbols "$debug" | grep 'ClockApp.MockClock' > /dev/null || fail "the debug build of ClockApp has no MockClock: the mocks are not generated under DEBUG"

swift build "${package[@]}" -c release
bin="$(swift build "${package[@]}" -c release --show-bin-path)"
release="$bin/ClockApp"
"$release" | grep ticking > /dev/null || fail "the release ClockApp does not run"
# The runtime's own types stay linked (small, Foundation only); the app's generated mock must not.
if nm "$release" | swift demangle | grep 'ClockApp.Mock' > /dev/null; then fail "the release build of ClockApp carries its generated mock"; fi
if command -v readelf > /dev/null; then
    if readelf -d "$release" | grep -E 'NEEDED.*(XCTest|Testing)'; then fail "the release ClockApp links a test framework"; fi
elif command -v otool > /dev/null; then
    if otool -L "$release" | grep -E 'XCTest|Testing'; then fail "the release ClockApp links a test framework"; fi
fi
echo "mocks in release: debug has MockClock; release has no mock and links no test framework"
