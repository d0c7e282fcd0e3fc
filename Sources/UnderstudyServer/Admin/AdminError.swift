import Foundation
import Understudy

/// A failed admin request, answered as WireMock's `Errors` document:
/// `{"errors": [{"code": 10, "source": {"pointer": "/request/urlPath"}, "title": "...", "detail": "..."}]}`.
struct AdminError: Error, Sendable {
    /// The HTTP status of the answer.
    var status: Int
    /// WireMock's error code: 10 for invalid input, 11 for an unsupported scenario state,
    /// 109 for a duplicate stub id, 404 for an unknown scenario, and so on.
    var code: Int
    /// A JSON pointer to the offending field, when there is one.
    var pointer: String?
    /// A short summary.
    var title: String
    /// The full explanation, when there is more to say than the title.
    var detail: String?

    /// The error document.
    var json: JSONValue {
        var error: JSONObject = ["code": .number(JSONNumber(code))]
        if let pointer { error["source"] = ["pointer": .string(pointer)] }
        error["title"] = .string(title)
        if let detail { error["detail"] = .string(detail) }
        return ["errors": [.object(error)]]
    }

    /// The answer to send.
    var response: ResponseDefinition {
        ResponseDefinition(status: status).json(json)
    }

    /// A body that cannot be decoded: 422 naming the field, as WireMock's `JsonException`.
    static func invalidInput(_ error: MappingDecodingError) -> AdminError {
        AdminError(status: 422, code: 10, pointer: error.path.isEmpty ? nil : pointer(fromPath: error.path),
                   title: "Error parsing JSON", detail: error.description)
    }

    /// A call the mock's shared state store failed (503, code 50): nothing was changed that
    /// the store did not commit.
    static func storeFailed(_ failure: any Error) -> AdminError {
        AdminError(status: 503, code: 50, title: "The state store failed", detail: "\(failure)")
    }

    /// A body that is not what the endpoint takes (422, code 10).
    static func invalidInput(pointer: String? = nil, _ detail: String) -> AdminError {
        AdminError(status: 422, code: 10, pointer: pointer, title: "Error parsing JSON", detail: detail)
    }

    /// A bad query or path parameter (400, code 10 unless given).
    static func badRequest(code: Int = 10, _ title: String) -> AdminError {
        AdminError(status: 400, code: code, pointer: nil, title: title, detail: nil)
    }

    /// Something that does not exist (404).
    static func notFound(_ title: String) -> AdminError {
        AdminError(status: 404, code: 404, pointer: nil, title: title, detail: nil)
    }

    /// Turns a decoding path (`request.headers.Accept`, `mappings[2].response`) into a JSON
    /// pointer (`/request/headers/Accept`, `/mappings/2/response`).
    static func pointer(fromPath path: String) -> String {
        var tokens: [String] = []
        var current = ""
        var inIndex = false
        for character in path {
            switch character {
            case "." where !inIndex:
                if !current.isEmpty { tokens.append(current) }
                current = ""
            case "[" where !inIndex:
                if !current.isEmpty { tokens.append(current) }
                current = ""
                inIndex = true
            case "]" where inIndex:
                tokens.append(current)
                current = ""
                inIndex = false
            default:
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return "/" + tokens.map(JSONPointer.escape).joined(separator: "/")
    }
}
