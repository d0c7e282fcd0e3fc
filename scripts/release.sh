#!/usr/bin/env bash
# Builds the `understudy` command for release and packs it as a tarball in .build/dist:
#
#     scripts/release.sh [VERSION]     (default: `git describe --tags --always --dirty`)
#
#   Linux: .build/dist/understudy-VERSION-linux-ARCH.tar.gz (ARCH is `uname -m`: x86_64,
#          aarch64), built with --static-swift-stdlib so that it runs on a Linux machine with
#          no Swift installed; the script fails if `ldd` shows any Swift runtime library.
#          The binary still loads the system's libcurl and libxml2 (FoundationNetworking and
#          FoundationXML are linked in and call them), libstdc++ and glibc 2.35 or later, so
#          building needs libcurl4-openssl-dev and libxml2-dev (the swift images have them).
#          Debug information is stripped (the symbols stay, for crash backtraces).
#   macOS: .build/dist/understudy-VERSION-macos-universal.tar.gz, one binary for arm64 and
#          x86_64 (macOS has the Swift runtime in the system since 10.14.4, so nothing is
#          linked in); the script fails unless both architectures are in it.
#
# The tarball holds one folder of the same name with `understudy`, README.md and LICENSE (those
# that exist); a .sha256 file is written beside it. SCRATCH_PATH (default .build-release) is
# the build folder; a second run reuses it. The CLI has no bundled resources (no `resources:` in
# Package.swift), so the binary is all there is to ship; the script checks that no
# `*.resources` folder or `*.bundle` appeared beside it.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "release.sh: error: $*" >&2; exit 1; }

version="${1:-}"
if [ -z "$version" ]; then
    version=$(git describe --tags --always --dirty 2>/dev/null) ||
        fail "no VERSION given and \`git describe\` found no commit; pass one: scripts/release.sh 1.2.3"
fi
[[ "$version" =~ ^[A-Za-z0-9._+-]+$ ]] ||
    fail "VERSION '$version' has characters a file name should not; use letters, digits, '.', '_', '+' and '-' (for example 1.2.3 or v1.2.3)"

scratch="${SCRATCH_PATH:-.build-release}"
command -v swift >/dev/null || fail "swift is not on PATH; install a Swift 6.2 or later toolchain (https://swift.org/install)"

case "$(uname -s)" in
    Linux)
        platform="linux-$(uname -m)"
        # Linked as a fixed-address executable (-no-pie): a position-independent one this size
        # has 150 000 relocations for the loader to apply at every start (a fifth of `--version`'s
        # time); the objects are compiled as usual, so this only changes the link.
        build_flags=(-c release --static-swift-stdlib -Xlinker -no-pie --product understudy --scratch-path "$scratch")
        # The link needs them, and comes at the end of a long build: say so now.
        libraries=$(ldconfig -p 2>/dev/null || true)
        for library in curl xml2; do
            grep -q "lib$library\.so " <<< "$libraries" ||
                fail "lib$library.so (the development library) is not installed, and the static Foundation links against it; install libcurl4-openssl-dev and libxml2-dev (Debian, Ubuntu) or libcurl-devel and libxml2-devel (RHEL, Fedora)"
        done
        ;;
    Darwin)
        platform="macos-universal"
        build_flags=(-c release --arch arm64 --arch x86_64 --product understudy --scratch-path "$scratch")
        ;;
    *)
        fail "$(uname -s) is not a platform this script packs; it knows Linux and Darwin (macOS)"
        ;;
esac

name="understudy-$version-$platform"
echo "release.sh: building $name (swift build ${build_flags[*]})"
swift build "${build_flags[@]}"
bin_dir=$(swift build "${build_flags[@]}" --show-bin-path)
binary="$bin_dir/understudy"
[ -x "$binary" ] || fail "the build finished but $binary is not there; look at the build output above"

# Bundled resources would need shipping (and a static binary finds them only beside itself).
resources=$(find "$bin_dir" -maxdepth 1 \( -name '*.resources' -o -name '*.bundle' \) | sed 's|.*/||' | tr '\n' ' ')
if [ -n "$resources" ]; then
    fail "the build produced resource bundles ($resources) that this script does not pack; add them to the tarball beside the binary and check that \`understudy\` finds them there"
fi

case "$platform" in
    linux-*)
        command -v ldd >/dev/null || fail "ldd is not on PATH; install libc-bin (Debian, Ubuntu) or glibc-common"
        echo "release.sh: ldd $binary"
        links=$(ldd "$binary") || fail "ldd could not read $binary"
        echo "$links"
        if echo "$links" | grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|libXCTest|libTesting'; then
            fail "$binary links the Swift runtime dynamically (the lines above), so it would not run where Swift is not installed; build with --static-swift-stdlib, and check that no dependency asks for a dynamic library product"
        fi
        if echo "$links" | grep 'not found'; then
            fail "$binary needs libraries this machine lacks (the lines above); install them, or drop the dependency that needs them"
        fi
        ;;
    macos-universal)
        architectures=$(lipo -archs "$binary") || fail "lipo could not read $binary; install the Xcode command line tools"
        for arch in arm64 x86_64; do
            [[ " $architectures " == *" $arch "* ]] ||
                fail "$binary holds only '$architectures', not $arch; build with --arch arm64 --arch x86_64 (Xcode's toolchain is needed for both)"
        done
        if otool -L "$binary" | grep -E '@rpath/libswift|@rpath/.*Foundation'; then
            fail "$binary loads Swift libraries from its own rpath (the lines above), which a user's machine does not have; macOS 13 and later have the Swift runtime in /usr/lib/swift"
        fi
        ;;
esac

# The binary runs, and a release version matches what `understudy --version` says.
reported=$("$binary" --version) || fail "$binary --version failed; the binary does not run on this machine"
if [[ "$version" =~ ^v?([0-9]+\.[0-9]+\.[0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" != "$reported" ]; then
    fail "releasing $version, but \`understudy --version\` says $reported; set \`version:\` in Sources/UnderstudyCLI/UnderstudyCommand.swift to ${BASH_REMATCH[1]} and tag again"
fi

dist=.build/dist
rm -rf "${dist:?}/$name" "$dist/$name.tar.gz" "$dist/$name.tar.gz.sha256"
mkdir -p "$dist/$name"
cp "$binary" "$dist/$name/understudy"
if [[ "$platform" == linux-* ]]; then
    command -v strip >/dev/null || fail "strip is not on PATH; install binutils"
    strip --strip-debug "$dist/$name/understudy"
fi
for file in README.md LICENSE LICENSE.md LICENSE.txt; do
    if [ -f "$file" ]; then cp "$file" "$dist/$name/"; fi
done
tar -czf "$dist/$name.tar.gz" -C "$dist" "$name"
rm -rf "${dist:?}/$name"

if command -v sha256sum >/dev/null; then
    (cd "$dist" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
else
    (cd "$dist" && shasum -a 256 "$name.tar.gz" > "$name.tar.gz.sha256")
fi
echo "release.sh: wrote $dist/$name.tar.gz ($(du -h "$dist/$name.tar.gz" | cut -f1), understudy $reported)"
cat "$dist/$name.tar.gz.sha256"
