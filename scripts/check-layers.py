#!/usr/bin/env python3
"""Checks the package's layers from `swift package dump-package` of this package and of
Examples/PetStore and Examples/AppSideOnly:
- the app-side products (what an app ships) depend on no engine, no NIO and no testing framework,
  and the example app's production target takes nothing else;
- the app-side-only example (Examples/AppSideOnly, which CI builds and tests) takes only the
  app-side products, and its sources, like PetStore's production target's, import nothing but
  Foundation and those products (never FoundationNetworking, which UnderstudyClient re-exports
  on Linux: a target importing it itself would not notice the re-export missing);
- the language engines are walled: an engine reaches only other engines (never the mock core,
  a transport or another package), and no product exposes an engine directly;
- the core declares no feature: the `Understudy` target reaches no feature target, and its code
  (comments aside) names none of their types;
- the core stays small: `Sources/Understudy` holds at most CORE_LINE_LIMIT lines of Swift;
- each feature target (GraphQL, LLM, network profiles, messaging, recording, Pact) reaches the core
  and the engines only: no other feature, no transport, no package, and no `@testable` import;
- UnderstudyGRPC, a feature on the server's seams, reaches the core, the engines, UnderstudyServer
  (and what that reaches) and SwiftNIO only: no other package (no swift-protobuf: its own decoder
  reads descriptor sets), and the core names none of its types;
- the UnderstudyMocks runtime (what an app that marks its own protocols @Mockable links) reaches
  only its macro (swift-syntax, built for the host), no engine, no NIO, and imports Foundation
  alone, Testing and XCTest only under `#if (DEBUG || MOCKING)`, where the mocks are.

    scripts/check-layers.py [--scratch-path DIR]

Exits 1 naming the offending target or product when a dependency crept in."""
import json
import pathlib
import re
import subprocess
import sys

APP_SIDE = ["UnderstudyClient", "UnderstudyDoubles"]
# Packages an app-side target may use besides Foundation.
ALLOWED_PACKAGES = {"swift-http-types"}
# Internal targets holding the language engines and what they share; they know no stub or request.
ENGINES = ["UnderstudySupport", "UnderstudyJSON", "UnderstudyXML", "UnderstudyDateTime", "UnderstudyTemplating",
           "UnderstudyGraphQLSyntax", "UnderstudyHTTPParsing"]
# Features on the core's seams (answer kinds, custom matchers, serve listeners, feature state).
FEATURES = ["UnderstudyGraphQL", "UnderstudyLLM", "UnderstudyNetworkProfiles", "UnderstudyMessaging", "UnderstudyRecording",
            "UnderstudyPact"]
# The most lines of Swift the core may hold (the re-cut brought it from 18 021 to under this);
# a feature that grows the core past it belongs in a target of its own.
CORE_LINE_LIMIT = 12_000
# What a feature may depend on besides engines: the core, and the app side's HTTPMethod.
FEATURE_MAY_REACH = {"Understudy"} | set(APP_SIDE)
# The public types of each feature, which the core's code must not name.
FEATURE_TYPES = {
    "UnderstudyGraphQL": ["GraphQLPattern", "GraphQLRequest"],
    "UnderstudyGraphQLSyntax": ["GraphQLParser", "GraphQLDocument", "GraphQLLexer"],
    "UnderstudyLLM": ["LLMResponse", "LLMExchange", "LLMAPI", "LLMToolCall"],
    "UnderstudyNetworkProfiles": ["NetworkProfile"],
    "UnderstudyMessaging": ["MessageHub", "MessageStubMapping", "MessageStubSharing", "WebSocketMessage", "MessageActionTransformer"],
    "UnderstudyRecording": ["Recorder", "RecordSpec", "StubRecorder", "HARArchive", "RecordingResult"],
    "UnderstudyGRPC": ["GRPCServices", "GRPCStatus", "ProtoJSONCodec", "DescriptorPool", "GRPCStreamHandler"],
    "UnderstudyPact": ["PactContract", "PactSpecification", "PactGap", "PactExporter"],
}
# Features that plug into the server's seams too (a stream takeover), and so may reach it and SwiftNIO.
SERVER_FEATURES = ["UnderstudyGRPC"]


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


IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+"
                    r"(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_]\w*)", re.M)


def foreign_imports(folder, allowed):
    """`(file, module)` for each module the Swift files under `folder` import outside `allowed`."""
    found = []
    for path in sorted(pathlib.Path(folder).rglob("*.swift")):
        for module in IMPORT.findall(path.read_text(encoding="utf-8")):
            if module not in allowed:
                found.append((path, module))
    return found


def core_names_features():
    """Lines of the core's code (comments and strings aside) that name a feature's type."""
    found = []
    names = re.compile(r"\b(" + "|".join(name for names in FEATURE_TYPES.values() for name in names) + r")\b")
    for path in sorted(pathlib.Path("Sources/Understudy").rglob("*.swift")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line).split("//")[0]
            match = names.search(code)
            if match:
                found.append(f"{path}:{number} names the feature type {match.group(1)}; the core knows features only through its seams")
    return found


MOCKS_RUNTIME = "UnderstudyMocks"
MOCKS_MAY_REACH = {"UnderstudyMocks", "UnderstudyMocksMacros", "UnderstudyMocksMacroExpansion"}


def check_mocks_runtime(root):
    """The @Mockable runtime reaches its macro only, and imports a test framework only where mocks are."""
    found = []
    targets, outside = closure(root, [MOCKS_RUNTIME])
    extra = sorted(set(targets) - MOCKS_MAY_REACH)
    if extra:
        found.append(f"{MOCKS_RUNTIME} reaches {', '.join(extra)}; the mocks' runtime reaches only its macro")
    for package, name in sorted(outside):
        if package != "swift-syntax":
            found.append(f"{MOCKS_RUNTIME} depends on {name} from {package}")
    for path in sorted(pathlib.Path("Sources", MOCKS_RUNTIME).rglob("*.swift")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, 1):
            for module in IMPORT.findall(line):
                guarded = number > 1 and lines[number - 2].strip().startswith("#if (DEBUG || MOCKING)")
                if module == "Foundation" or (module in ("Testing", "XCTest") and guarded):
                    continue
                found.append(f"{path}:{number} imports {module}; the mocks' runtime imports Foundation, and Testing/XCTest"
                             " only under #if (DEBUG || MOCKING)")
    print(f"{MOCKS_RUNTIME}: targets {sorted(targets - {MOCKS_RUNTIME})}, packages {sorted({p for p, _ in outside}) or 'none'}")
    return found


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
    core, core_outside = closure(root, ["Understudy"])
    reached = sorted(set(core) & set(FEATURES))
    if reached:
        problems.append(f"the core reaches the feature target(s) {', '.join(reached)}; features plug into the core's seams, not the reverse")
    problems += core_names_features()
    core_lines = sum(len(path.read_text(encoding="utf-8").splitlines()) for path in pathlib.Path("Sources/Understudy").rglob("*.swift"))
    print(f"Understudy (core): {core_lines} lines of Swift (at most {CORE_LINE_LIMIT})")
    if core_lines > CORE_LINE_LIMIT:
        problems.append(f"Sources/Understudy holds {core_lines} lines of Swift, more than {CORE_LINE_LIMIT}; put the feature in a target of its own on the core's seams")
    for feature in FEATURES:
        targets, outside = closure(root, [feature])
        extra = sorted(set(targets) - {feature} - set(ENGINES) - FEATURE_MAY_REACH - (core - {"Understudy"}))
        if extra:
            problems.append(f"the feature {feature} reaches {', '.join(extra)}; a feature reaches only the core and the engines")
        for package, name in sorted(outside - core_outside):
            problems.append(f"the feature {feature} depends on {name} from {package}")
        for path in sorted(pathlib.Path("Sources", feature).rglob("*.swift")):
            if re.search(r"^@testable import", path.read_text(encoding="utf-8"), re.M):
                problems.append(f"{path} imports a module @testable; a feature uses the core's package API only")
        print(f"{feature}: targets {sorted(targets - {feature})}")
    server, server_outside = closure(root, ["UnderstudyServer"])
    for feature in SERVER_FEATURES:
        targets, outside = closure(root, [feature])
        extra = sorted(set(targets) - {feature} - set(ENGINES) - FEATURE_MAY_REACH - core - server)
        if extra:
            problems.append(f"the server feature {feature} reaches {', '.join(extra)}; it reaches only the core, the engines and UnderstudyServer")
        for package, name in sorted(outside - server_outside):
            if package != "swift-nio":
                problems.append(f"the server feature {feature} depends on {name} from {package}")
        print(f"{feature}: targets {sorted(targets - {feature})}")
    if any(feature in server for feature in SERVER_FEATURES):
        problems.append("UnderstudyServer reaches a server feature; features plug into its seams, not the reverse")
    problems += check_mocks_runtime(root)
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
    # Observation: the view models are `@Observable`; it is part of the toolchain.
    for path, module in foreign_imports("Examples/PetStore/Sources/PetStore", {"Foundation", "Observation", *APP_SIDE}):
        problems.append(f"{path} imports {module}; Examples/PetStore's app target imports only Foundation, Observation and {APP_SIDE}")
    # The app-side-only example: every target takes the app-side products alone (and its own
    # targets), and its code imports Foundation, them and its own modules (tests: a test framework).
    example = dump("Examples/AppSideOnly", scratch)
    own = {target["name"] for target in example["targets"]}
    for target in example["targets"]:
        used = sorted(dependency["product"][0] for dependency in target["dependencies"] if "product" in dependency)
        if not set(used) <= set(APP_SIDE):
            problems.append(f"Examples/AppSideOnly's target {target['name']} uses {used}; it may use only {APP_SIDE}")
        default = pathlib.Path("Tests" if target["type"] == "test" else "Sources", target["name"])
        folder = pathlib.Path("Examples/AppSideOnly", target.get("path") or default)
        if not any(folder.rglob("*.swift")):
            problems.append(f"{folder} holds no Swift file; the imports of Examples/AppSideOnly's target {target['name']} went unchecked")
        allowed = {"Foundation", *APP_SIDE, *own} | ({"Testing", "XCTest"} if target["type"] == "test" else set())
        for path, module in foreign_imports(folder, allowed):
            problems.append(f"{path} imports {module}; Examples/AppSideOnly imports only Foundation and {APP_SIDE}"
                            " (so that it fails to build when an app-side product stops re-exporting what its API names)")
        print(f"Examples/AppSideOnly {target['name']}: {used}")
    for problem in problems:
        print(f"error: {problem}. Move the code that needs it to the side or layer it belongs to (see DESIGN.md).", file=sys.stderr)
    sys.exit(1 if problems else 0)


main()
