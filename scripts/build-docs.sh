#!/usr/bin/env bash
# Builds the DocC catalog of every library product (Sources/<Target>/Documentation.docc) with
# the toolchain's `docc`, and fails on any warning (an unresolved ``Symbol`` link, a broken
# <doc:Article> link, an undocumented parameter, a malformed directive), except the few listed
# in KNOWN below, which must still occur (so the list cannot go stale).
#
# The symbol graphs come from `swift package dump-symbol-graph`, which reuses the ordinary
# debug build (what `swift test` already built) instead of a second build with
# -emit-symbol-graph flags, and needs no swift-docc-plugin dependency that every user of the
# package would then have to resolve.
#
# Output: .build/docs/<Target>.doccarchive. To read one locally:
#   docc preview Sources/<Target>/Documentation.docc \
#       --additional-symbol-graph-dir .build/docs/symbol-graphs/<Target>
set -euo pipefail
cd "$(dirname "$0")/.."

# Every library product of Package.swift (each has a target of the same name).
mapfile -t targets < <(sed -n 's/.*\.library(name: "\([^"]*\)".*/\1/p' Package.swift)

# Warnings to tolerate, "File: summary" one a line; each must still occur, so the list cannot
# go stale. Empty: every catalog builds with no warning.
KNOWN=""

out=.build/docs
rm -rf "$out"
mkdir -p "$out/symbol-graphs" "$out/diagnostics"

swift package dump-symbol-graph --minimum-access-level public --skip-synthesized-members >"$out/dump.log" 2>&1 \
    || { cat "$out/dump.log"; exit 1; }
graphs=$(sed -n 's/^Files written to //p' "$out/dump.log" | tail -1)
[ -n "$graphs" ] && [ -d "$graphs" ] || { cat "$out/dump.log"; echo "error: no symbol graphs"; exit 1; }

for target in "${targets[@]}"; do
    catalog="Sources/$target/Documentation.docc"
    [ -d "$catalog" ] || { echo "error: $catalog is missing"; exit 1; }
    # Only this module's graphs: its own symbols and its extensions of other modules' types.
    dir="$out/symbol-graphs/$target"
    mkdir -p "$dir"
    cp "$graphs/$target.symbols.json" "$dir/"
    cp "$graphs/$target"@*.symbols.json "$dir/" 2>/dev/null || true
    echo "== $target"
    docc convert "$catalog" \
        --additional-symbol-graph-dir "$dir" \
        --fallback-display-name "$target" \
        --fallback-bundle-identifier "org.understudy.$target" \
        --output-path "$out/$target.doccarchive" \
        --diagnostics-file "$out/diagnostics/$target.json" \
        >"$out/diagnostics/$target.log" 2>&1 \
        || { cat "$out/diagnostics/$target.log"; exit 1; }
done

KNOWN="$KNOWN" python3 - "$out/diagnostics" <<'PY'
import json, os, pathlib, sys
known = {line for line in os.environ["KNOWN"].splitlines() if line.strip()}
seen, unexpected = set(), []
for report in sorted(pathlib.Path(sys.argv[1]).glob("*.json")):
    for d in json.loads(report.read_text())["diagnostics"]:
        source = d.get("source", "").replace("file://", "")
        where = source.split("/Sources/", 1)[-1] if "/Sources/" in source else source
        key = f"{where}: {d['summary']}"
        line = d.get("range", {}).get("start", {}).get("line", "?")
        if key in known:
            seen.add(key)
        else:
            unexpected.append(f"{d['severity']}: {where}:{line}: {d['summary']}")
for message in unexpected:
    print(message)
for key in sorted(known - seen):
    print(f"error: listed in KNOWN but no longer reported, remove it: {key}")
if unexpected or known - seen:
    sys.exit(1)
print(f"documentation: no warnings ({len(seen)} known, listed in scripts/build-docs.sh)")
PY
