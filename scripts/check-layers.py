#!/usr/bin/env python3
"""Checks the package's layers from `swift package dump-package` of this package and of
Examples/PetStore:
- the app-side products (what an app ships) depend on no engine, no NIO and no testing framework,
  and the example app's production target takes nothing else;
- the language engines are walled: an engine reaches only other engines (never the mock core,
  a transport or another package), and no product exposes an engine directly.

    scripts/check-layers.py [--scratch-path DIR]

Exits 1 naming the offending target or product when a dependency crept in."""
import json
import subprocess
import sys

APP_SIDE = ["UnderstudyClient", "UnderstudyDoubles"]
# Packages an app-side target may use besides Foundation.
ALLOWED_PACKAGES = {"swift-http-types"}
# Internal targets holding the language engines and what they share; they know no stub or request.
ENGINES = ["UnderstudySupport", "UnderstudyJSON", "UnderstudyXML", "UnderstudyDateTime", "UnderstudyTemplating"]


def dump(path, scratch):
    command = ["swift", "package", "--package-path", path]
    if scratch:
        command += ["--scratch-path", scratch]
    return json.loads(subprocess.run(command + ["dump-package"], check=True, capture_output=True, text=True).stdout)


def closure(manifest, roots):
    """Every target of `manifest` that `roots` reach, and every product of another package."""
    targets = {target["name"]: target for target in manifest["targets"]}
    seen, outside, stack = set(), set(), list(roots)
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.add(name)
        for dependency in targets[name]["dependencies"]:
            kind, value = next(iter(dependency.items()))
            if kind in ("byName", "target"):
                stack.append(value[0])
            elif kind == "product":
                outside.add((value[1], value[0]))
    return seen, outside


def main():
    scratch = sys.argv[sys.argv.index("--scratch-path") + 1] if "--scratch-path" in sys.argv else None
    root = dump(".", scratch)
    problems = []
    products = {product["name"]: product["targets"] for product in root["products"]}
    for product in APP_SIDE:
        targets, outside = closure(root, products[product])
        extra = sorted(set(targets) - set(APP_SIDE))
        if extra:
            problems.append(f"{product} reaches the test-side target(s) {', '.join(extra)}")
        for package, name in sorted(outside):
            if package not in ALLOWED_PACKAGES:
                problems.append(f"{product} depends on {name} from {package}")
        print(f"{product}: targets {sorted(targets)}, packages {sorted({p for p, _ in outside}) or 'none'}")
    for engine in ENGINES:
        targets, outside = closure(root, [engine])
        extra = sorted(set(targets) - set(ENGINES))
        if extra:
            problems.append(f"the engine {engine} reaches {', '.join(extra)}, which is not an engine")
        for package, name in sorted(outside):
            problems.append(f"the engine {engine} depends on {name} from {package}")
        print(f"{engine}: targets {sorted(targets - {engine}) or 'none'}")
    for product, targets in sorted(products.items()):
        exposed = sorted(set(targets) & set(ENGINES))
        if exposed:
            problems.append(f"the product {product} exposes the engine(s) {', '.join(exposed)}; engines are internal targets")
    example = dump("Examples/PetStore", scratch)
    app = next(target for target in example["targets"] if target["name"] == "PetStore")
    used = sorted(dependency["product"][0] for dependency in app["dependencies"] if "product" in dependency)
    if not set(used) <= set(APP_SIDE):
        problems.append(f"Examples/PetStore's app target uses {used}; it may use only {APP_SIDE}")
    print(f"Examples/PetStore app target: {used}")
    for problem in problems:
        print(f"error: {problem}. Move the code that needs it to the side or layer it belongs to (see DESIGN.md).", file=sys.stderr)
    sys.exit(1 if problems else 0)


main()
