import Foundation
import Understudy

extension ServeEvent {
    /// The event as WireMock's `ServeEvent` JSON: `id`, `request` (a logged request),
    /// `stubMapping` (when a stub matched), `responseDefinition`, `response` (what was sent:
    /// `status`, `headers`, `body`, `bodyAsBase64`) and `wasMatched`. Timing is not recorded.
    func adminJSON(mock: HTTPMock) -> JSONValue {
        var object: JSONObject = [
            "id": .string(id.uuidString.lowercased()),
            "request": request.loggedRequestJSON,
        ]
        if let stub { object["stubMapping"] = stub.adminJSON }
        var definition = response.wireMockJSON.objectValue ?? [:]
        definition["fromConfiguredStub"] = .bool(wasMatched)
        object["responseDefinition"] = .object(definition)
        object["response"] = loggedResponseJSON(mock: mock)
        object["wasMatched"] = .bool(wasMatched)
        return .object(object)
    }

    /// WireMock's `LoggedResponse`: status, headers, body as text and base64, and the fault.
    private func loggedResponseJSON(mock: HTTPMock) -> JSONValue {
        var object: JSONObject = ["status": .number(JSONNumber(response.status))]
        if !response.headers.isEmpty {
            var headers = JSONObject()
            for name in response.headers.names {
                let values = response.headers.values(for: name)
                headers[name] = values.count == 1 ? .string(values[0]) : .array(values.map(JSONValue.string))
            }
            object["headers"] = .object(headers)
        }
        let body = (try? mock.bodyData(for: response)) ?? Data()
        object["body"] = .string(String(decoding: body, as: UTF8.self))
        object["bodyAsBase64"] = .string(body.base64EncodedString())
        if let fault = response.wireMockJSON["fault"] { object["fault"] = fault }
        return .object(object)
    }
}

extension NearMiss {
    /// WireMock's `NearMiss`: the logged `request`, then `stubMapping` (a request's near miss
    /// among stubs) or `requestPattern` (a pattern's near miss among journaled requests), and
    /// `matchResult: {"distance": d}`.
    var adminJSON: JSONValue {
        var object: JSONObject = ["request": request.loggedRequestJSON]
        if let stub {
            object["stubMapping"] = stub.adminJSON
        } else {
            object["requestPattern"] = pattern.wireMockJSON
        }
        object["matchResult"] = ["distance": .number(JSONNumber(distance))]
        return .object(object)
    }
}

extension Array where Element == NearMiss {
    /// WireMock's `FindNearMissesResult`: `{"nearMisses": [...]}`.
    var adminJSON: JSONValue { ["nearMisses": .array(map(\.adminJSON))] }
}
