import Foundation
import Understudy

/// The stub the dashboard offers for a request no stub matched: its method, its path
/// (`urlPath`) and each query parameter (`equalTo` its first value), answered `200` with an
/// empty JSON object, in the request's namespace when it named one, as WireMock mapping JSON
/// to `POST /__admin/mappings` and as the Swift that stubs the same in a test (whose mock, on a
/// shared server, is already its namespace's).
struct DashboardStubSuggestion: Sendable {
    /// The stub.
    let stub: StubMapping
    /// `mock.stub(.get(urlPath: "/x").queryParameter("q", .equalTo("1")), .ok.json([:]))`.
    let swift: String

    init(for request: RecordedRequest) {
        var queries: [(name: String, value: String)] = []
        for item in request.queryItems where !queries.contains(where: { $0.name == item.name }) {
            queries.append((item.name, item.value ?? ""))
        }
        var pattern = RequestPattern.request(request.method, .urlPath(request.path))
        var swift = "mock.stub(" + Self.swiftPattern(request.method, request.path)
        for query in queries {
            pattern = pattern.queryParameter(query.name, .equalTo(query.value))
            swift += ".queryParameter(\(Self.swiftLiteral(query.name)), .equalTo(\(Self.swiftLiteral(query.value))))"
        }
        swift += ", .ok.json([:]))"
        var stub = StubMapping(name: "\(request.method.rawValue) \(request.path)", pattern, ResponseDefinition.ok.json([:]))
        stub.namespace = request.namespace
        self.stub = stub
        self.swift = swift
    }

    /// `{"mapping": {...}, "swift": "..."}`; the mapping has no `id`, so each one posted is a new stub.
    var json: JSONValue {
        var mapping = stub.adminJSON.objectValue ?? [:]
        mapping["id"] = nil
        mapping["uuid"] = nil
        return ["mapping": .object(mapping), "swift": .string(swift)]
    }

    /// The Swift factory for a method and path: `.get(urlPath: "/x")`, or `.request("PROPFIND", .urlPath("/x"))`.
    private static func swiftPattern(_ method: HTTPMethod, _ path: String) -> String {
        let factories: [HTTPMethod: String] = [.get: "get", .post: "post", .put: "put", .patch: "patch", .delete: "delete",
                                               .head: "head", .options: "options"]
        if let factory = factories[method] { return ".\(factory)(urlPath: \(swiftLiteral(path)))" }
        return ".request(\(swiftLiteral(method.rawValue)), .urlPath(\(swiftLiteral(path))))"
    }

    /// A Swift string literal of `text`.
    static func swiftLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: literal += "\\u{\(String(scalar.value, radix: 16))}"
            default: literal.unicodeScalars.append(scalar)
            }
        }
        return literal + "\""
    }
}
