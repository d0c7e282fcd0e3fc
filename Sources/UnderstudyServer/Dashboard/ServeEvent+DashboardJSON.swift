import Foundation
import Understudy

extension ServeEvent {
    /// The longest body, in characters, a dashboard event carries (request and response each).
    static let dashboardBodyLimit = 4_096

    /// The event as the dashboard shows it: WireMock's `ServeEvent` JSON (``adminJSON(mock:)``)
    /// made light enough to send for every request, plus what the dashboard adds:
    /// - `request` and `response` keep their bodies as text up to ``dashboardBodyLimit``
    ///   characters (`bodyTruncated` says when cut), without the base64 copy;
    /// - `stubMapping` is the matched stub's `id`, `name` and `namespace` only;
    /// - `namespace`: the request's namespace, when it names one;
    /// - `timing.totalTime`: milliseconds from the complete request head to the end of the
    ///   answer, when the server measured it (WireMock's `Timing` field);
    /// - for an unmatched request, `nearMisses` (each closest stub's `stubId`, `stubName`,
    ///   `request` pattern and `distance`) and `nearMissReport`, the text the 404 carries.
    func dashboardJSON(mock: HTTPMock, duration: Duration?) -> JSONValue {
        var object = adminJSON(mock: mock).objectValue ?? [:]
        object["responseDefinition"] = nil
        object["request"] = Self.lightened(object["request"])
        object["response"] = Self.lightened(object["response"])
        if let stub {
            var summary: JSONObject = ["id": .string(stub.id.uuidString.lowercased())]
            if let name = stub.name { summary["name"] = .string(name) }
            if let namespace = stub.namespace { summary["namespace"] = .string(namespace) }
            object["stubMapping"] = .object(summary)
        }
        if let namespace = request.namespace { object["namespace"] = .string(namespace) }
        if let duration {
            let milliseconds = Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
            object["timing"] = ["totalTime": .number(JSONNumber((milliseconds * 1_000).rounded() / 1_000))]
        }
        if !wasMatched {
            let report = mock.nearMisses(for: request)
            object["nearMisses"] = .array(report.nearMisses.map { miss in
                var entry: JSONObject = ["request": miss.pattern.wireMockJSON, "distance": .number(JSONNumber(miss.distance))]
                if let stub = miss.stub {
                    entry["stubId"] = .string(stub.id.uuidString.lowercased())
                    if let name = stub.name { entry["stubName"] = .string(name) }
                }
                return .object(entry)
            })
            object["nearMissReport"] = .string(report.text)
        }
        return .object(object)
    }

    /// A logged request or response without `bodyAsBase64`, its body cut to the limit.
    private static func lightened(_ value: JSONValue?) -> JSONValue? {
        guard var object = value?.objectValue else { return value }
        object["bodyAsBase64"] = nil
        if let body = object["body"]?.stringValue, body.count > dashboardBodyLimit {
            object["body"] = .string(String(body.prefix(dashboardBodyLimit)))
            object["bodyTruncated"] = true
        }
        return .object(object)
    }
}
