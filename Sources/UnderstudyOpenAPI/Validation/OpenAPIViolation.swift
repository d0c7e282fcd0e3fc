public import Understudy

/// One way a request, a response or a stub disagrees with an OpenAPI document.
public struct OpenAPIViolation: Sendable, Hashable, CustomStringConvertible {
    /// What kind of disagreement. A struct around a private enum, so new kinds are not breaking.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        private enum Value: String, Sendable, Hashable {
            case unknownPath, methodNotAllowed, missingParameter, invalidParameter, missingBody, unsupportedContentType
            case invalidBody, undocumentedStatus, undocumentedContentType, invalidResponseBody, invalidResponseHeader, unknownExample
            case unauthorized
        }

        private let value: Value

        /// No path template of the document fits the request path.
        public static let unknownPath = Kind(value: .unknownPath)
        /// The path exists but has no operation for the method.
        public static let methodNotAllowed = Kind(value: .methodNotAllowed)
        /// A required parameter is absent.
        public static let missingParameter = Kind(value: .missingParameter)
        /// A parameter's value does not fit its schema.
        public static let invalidParameter = Kind(value: .invalidParameter)
        /// A required request body is absent.
        public static let missingBody = Kind(value: .missingBody)
        /// The request body's `Content-Type` is not one the operation accepts.
        public static let unsupportedContentType = Kind(value: .unsupportedContentType)
        /// The request body does not fit its schema (or is not JSON where JSON is documented).
        public static let invalidBody = Kind(value: .invalidBody)
        /// The response status is not documented for the operation.
        public static let undocumentedStatus = Kind(value: .undocumentedStatus)
        /// The response's `Content-Type` is not documented for its status.
        public static let undocumentedContentType = Kind(value: .undocumentedContentType)
        /// The response body does not fit its schema (or is not JSON where JSON is documented).
        public static let invalidResponseBody = Kind(value: .invalidResponseBody)
        /// A required response header is missing, or a header does not fit its schema.
        public static let invalidResponseHeader = Kind(value: .invalidResponseHeader)
        /// The request carries none of the credentials the operation's `security` asks for.
        public static let unauthorized = Kind(value: .unauthorized)
        /// A `Prefer` header asks for a status or example the operation does not document.
        public static let unknownExample = Kind(value: .unknownExample)

        /// The kind's name, for example `invalidBody`.
        public var description: String { value.rawValue }
    }

    /// What kind of disagreement.
    public let kind: Kind
    /// The operation concerned (`getPetById` or `GET /pets/{petId}`); `nil` when none fits.
    public let operation: String?
    /// What part of the message: `path parameter petId`, `request body`, `response body`…
    public let subject: String
    /// What was wrong, in words.
    public let message: String
    /// For body and parameter values: where in the value, as a JSON pointer (`/tags/0/name`).
    public let instancePath: String?
    /// For schema failures: the JSON Schema keyword that failed (`type`, `required`…).
    public let keyword: String?
    /// For schema failures: where in the document the failing keyword is (`#/components/schemas/Pet/required`).
    public let schemaPath: String?

    /// Creates a violation.
    public init(kind: Kind, operation: String?, subject: String, message: String,
                instancePath: String? = nil, keyword: String? = nil, schemaPath: String? = nil) {
        self.kind = kind
        self.operation = operation
        self.subject = subject
        self.message = message
        self.instancePath = instancePath
        self.keyword = keyword
        self.schemaPath = schemaPath
    }

    /// A violation for one schema failure of a value.
    init(kind: Kind, operation: String?, subject: String, failure: JSONSchemaFailure) {
        self.init(kind: kind, operation: operation, subject: subject, message: failure.message,
                  instancePath: failure.instancePath, keyword: failure.keyword, schemaPath: failure.schemaPath)
    }

    /// The violation as JSON: `kind`, `operation`, `subject`, `message`, and `instancePath`,
    /// `keyword`, `schemaPath` when known.
    public var json: JSONValue {
        var object: JSONObject = ["kind": .string(kind.description), "subject": .string(subject), "message": .string(message)]
        if let operation { object["operation"] = .string(operation) }
        if let instancePath { object["instancePath"] = .string(instancePath) }
        if let keyword { object["keyword"] = .string(keyword) }
        if let schemaPath { object["schemaPath"] = .string(schemaPath) }
        return .object(object)
    }

    /// `request body /name: string expected, got integer 3 (type at #/components/schemas/Pet/properties/name/type)`.
    public var description: String {
        var text = subject
        if let instancePath, !instancePath.isEmpty { text += " \(instancePath)" }
        text += ": \(message)"
        if let keyword, let schemaPath { text += " (\(keyword) at \(schemaPath))" }
        return text
    }
}
