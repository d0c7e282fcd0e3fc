#!/usr/bin/env python3
"""Keeps the Swift code in README.md and the DocC articles compiling, as written.

Convention for fenced code blocks in README.md and Sources/*/Documentation.docc/**/*.md:

  ```swift                 Compiled and run, exactly as written, as a module of its own: the
                           block must carry every import it needs (MemberImportVisibility is on,
                           so a missing import is an error), and a `@Test` in it runs as a test.
                           Top-level declarations (types, functions) only need to compile.
  ```swift excerpt=PATH    A quote from PATH (relative to the repository root), a file that is
                           compiled and run elsewhere (e.g. the PetStore example's tests): the
                           block's lines must appear in PATH, in order and contiguous, with one
                           common indentation removed.
  ```swift excerpt:PATH    The same; the spelling for DocC articles, as DocC warns about an
                           unknown option `swift excerpt` at `excerpt=`.
  ```swift manifest        A fragment of a user's Package.swift (it cannot build inside a package):
                           every `.product(name: "X", package: "understudy")` it names must be a
                           library product of this package's Package.swift.
  ```sh, ```json, ```      Not Swift: shell commands, WireMock JSON, output. Never checked.

There is no "swift but not compiled" fence: Swift shown to a reader compiles.

Each compiled block becomes Examples/ReadmeSnippets/Tests/<Name>/<Name>.swift (a header comment,
then the block verbatim), one test target each, in a package that depends on this one by path;
the package's Package.swift is generated too. The generated files are committed.

  scripts/snippets.py --write   regenerate Examples/ReadmeSnippets from the documents
  scripts/snippets.py --check   fail (exit 1) when the committed files differ from what --write
                                would produce, or when an excerpt is not in its file
  scripts/check-snippets.sh     --check, then `swift test --package-path Examples/ReadmeSnippets`
"""

import difflib
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "Examples" / "ReadmeSnippets"
def library_products():
    """The library products Package.swift declares, in order."""
    manifest = (ROOT / "Package.swift").read_text(encoding="utf-8")
    return re.findall(r'\.library\(name: "([^"]+)"', manifest)


FENCE = re.compile(r"^(\s*)```(.*)$")


def documents():
    docs = [ROOT / "README.md"]
    docs += sorted((ROOT / "Sources").glob("*/Documentation.docc/**/*.md"))
    return docs


def blocks(path):
    """Yields (line number of the opening fence, info string, code, heading above) per block."""
    lines = path.read_text(encoding="utf-8").split("\n")
    i, heading = 0, path.name
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            if lines[i].startswith("#"):
                heading = lines[i].lstrip("#").strip()
            i += 1
            continue
        indent, info = len(m.group(1)), m.group(2).strip()
        start, body = i + 1, []
        i += 1
        while i < len(lines) and not re.match(r"^\s*```\s*$", lines[i]):
            body.append(lines[i][indent:] if lines[i][:indent].strip() == "" else lines[i])
            i += 1
        if i == len(lines):
            raise SystemExit(f"{path.relative_to(ROOT)}:{start}: code block never closed")
        i += 1
        yield start, info, "\n".join(body), heading


def target_name(path, index):
    if path.name == "README.md":
        stem = "README"
    else:
        module = path.relative_to(ROOT / "Sources").parts[0]
        stem = module + "_" + re.sub(r"[^A-Za-z0-9]", "", path.stem)
    return f"{stem}_{index:02d}"


def dedent(lines):
    widths = [len(l) - len(l.lstrip(" ")) for l in lines if l.strip()]
    cut = min(widths, default=0)
    return [l[cut:] if l.strip() else "" for l in lines]


def check_excerpt(doc, line, code, target):
    source = ROOT / target
    if not source.is_file():
        return [f"{doc}:{line}: excerpt={target}: no such file"]
    quoted = dedent(code.split("\n"))
    text = source.read_text(encoding="utf-8").split("\n")
    for start in range(len(text) - len(quoted) + 1):
        if dedent(text[start:start + len(quoted)]) == quoted:
            return []
    return [f"{doc}:{line}: the excerpt is not in {target} as written (same lines, one common indentation)"]


def check_manifest(doc, line, code):
    libraries = set(library_products())
    named = re.findall(r'\.product\(name: "([^"]+)", package: "([^"]+)"\)', code)
    errors = [f"{doc}:{line}: no .product(name:package:) in the manifest fragment"] if not named else []
    for product, package in named:
        if product not in libraries:
            errors.append(f"{doc}:{line}: {product} is not a library product of Package.swift")
        if package != "understudy":
            errors.append(f"{doc}:{line}: package \"{package}\" should be \"understudy\", the URL's last component")
    return errors


def generate():
    """Returns ({relative path: content}, [errors])."""
    files, errors, targets = {}, [], []
    for path in documents():
        rel = path.relative_to(ROOT)
        index = 0
        for line, info, code, heading in blocks(path):
            words = info.split()
            if not words or words[0] != "swift":
                if words and words[0].startswith("swift"):
                    errors.append(f"{rel}:{line}: unknown fence '{info}' (use ```swift or ```swift excerpt=PATH)")
                continue
            if words[1:] == ["manifest"]:
                errors += check_manifest(rel, line, code)
                continue
            # `excerpt=PATH`, or `excerpt:PATH`, which DocC reads without an "unknown option" warning.
            excerpt_options = ("excerpt=", "excerpt:")
            unknown = [w for w in words[1:] if not w.startswith(excerpt_options)]
            if unknown:
                errors.append(f"{rel}:{line}: unknown fence option(s) {unknown}")
                continue
            excerpts = [w[len("excerpt="):] for w in words[1:] if w.startswith(excerpt_options)]
            if excerpts:
                errors += check_excerpt(rel, line, code, excerpts[0])
                continue
            index += 1
            name = target_name(path, index)
            targets.append(name)
            # No line number here: editing prose above a block must not count as drift.
            header = (f"// Generated by scripts/snippets.py from {rel}, under \"{heading}\".\n"
                      f"// Edit the document, then run scripts/snippets.py --write.\n")
            files[f"Tests/{name}/{name}.swift"] = header + code + "\n"
    files["Package.swift"] = package_manifest(targets)
    return files, errors


def package_manifest(targets):
    products = ",\n".join(f'    .product(name: "{p}", package: "Understudy")' for p in library_products())
    names = ",\n".join(f'    "{t}"' for t in targets)
    return f"""// swift-tools-version: 6.1
// Generated by scripts/snippets.py: every Swift code block of README.md and the DocC articles,
// one test target each, compiled as written. Edit the documents, then run
// scripts/snippets.py --write; CI runs scripts/check-snippets.sh.
import PackageDescription

/// Every library product, so a block compiles or fails on its own imports alone.
let products: [Target.Dependency] = [
{products},
]

let snippets = [
{names},
]

let package = Package(
    name: "ReadmeSnippets",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [.package(name: "Understudy", path: "../..")],
    targets: snippets.map {{
        .testTarget(
            name: $0,
            dependencies: products,
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        )
    }},
    swiftLanguageModes: [.v6]
)
"""


def existing():
    found = {}
    if (OUT / "Package.swift").is_file():
        found["Package.swift"] = (OUT / "Package.swift").read_text(encoding="utf-8")
    for f in sorted((OUT / "Tests").glob("*/*.swift")):
        found[str(f.relative_to(OUT))] = f.read_text(encoding="utf-8")
    return found


def main(argv):
    mode = argv[1] if len(argv) == 2 else ""
    if mode not in ("--write", "--check"):
        print(__doc__)
        return 2
    files, errors = generate()
    if mode == "--write":
        for rel in existing():
            if rel not in files:
                (OUT / rel).unlink()
                try:
                    (OUT / rel).parent.rmdir()
                except OSError:
                    pass
        for rel, content in files.items():
            (OUT / rel).parent.mkdir(parents=True, exist_ok=True)
            (OUT / rel).write_text(content, encoding="utf-8")
        print(f"wrote {len(files) - 1} snippet(s) to {OUT.relative_to(ROOT)}")
    else:
        have, drifted = existing(), False
        for rel in sorted(set(files) | set(have)):
            if files.get(rel) != have.get(rel):
                drifted = True
                errors.append(f"Examples/ReadmeSnippets/{rel} differs from the documents:")
                errors += ["  " + l.rstrip("\n") for l in difflib.unified_diff(
                    (have.get(rel) or "").splitlines(True), (files.get(rel) or "").splitlines(True),
                    "committed", "from the documents", n=1)]
        if drifted:
            errors.append("Run scripts/snippets.py --write and commit the result.")
    for e in errors:
        print(e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
