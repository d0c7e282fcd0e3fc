public import Foundation
import UnderstudyJSON

/// The body of a stubbed response: exactly one of WireMock's four body kinds, or none.
public enum ResponseBody: Sendable, Hashable {
    /// No body.
    case none
    /// Text sent as UTF-8 (WireMock `body`).
    case text(String)
    /// A JSON document (WireMock `jsonBody`).
    case json(JSONValue)
    /// Raw bytes (WireMock `base64Body`).
    case binary(Data)
    /// A file under the `__files` folder of the mappings root (WireMock `bodyFileName`).
    case file(String)

    /// The bytes of an inline body; `nil` for `.file`, whose bytes live on disk.
    public var inlineData: Data? {
        switch self {
        case .none: Data()
        case .text(let text): Data(text.utf8)
        case .json(let json): Data(json.jsonText().utf8)
        case .binary(let data): data
        case .file: nil
        }
    }
}
