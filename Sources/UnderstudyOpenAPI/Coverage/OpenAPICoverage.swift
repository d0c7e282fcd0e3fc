public import Understudy

/// Which operations and documented responses of a document the stubs and the traffic
/// exercised, and which never were.
public struct OpenAPICoverage: Sendable, CustomStringConvertible {
    /// One documented response of an operation.
    public struct Response: Sendable, Hashable {
        /// The status key as documented: `200`, `4XX`, `default`.
        public let status: String
        /// How many hand-written stubs answer with it.
        public let stubs: Int
        /// How many journaled requests were answered with it.
        public let requests: Int
        /// Whether stubs or traffic exercised it.
        public var isExercised: Bool { stubs > 0 || requests > 0 }
    }

    /// One operation.
    public struct Operation: Sendable, Hashable {
        /// The operation's name in reports (`operationId`, or `GET /pets/{petId}`).
        public let label: String
        /// The HTTP method.
        public let method: String
        /// The path template.
        public let path: String
        /// How many hand-written stubs go to it.
        public let stubs: Int
        /// How many journaled requests went to it.
        public let requests: Int
        /// Its documented responses in document order.
        public let responses: [Response]
        /// Whether stubs or traffic exercised it.
        public var isExercised: Bool { stubs > 0 || requests > 0 }
    }

    /// The document's name.
    public let source: String
    /// Every operation of the document, in document order.
    public let operations: [Operation]

    /// The operations nothing exercised.
    public var unexercisedOperations: [Operation] { operations.filter { !$0.isExercised } }

    /// The report as text, one line per operation:
    /// ```
    /// petstore.yaml: 2 of 5 operations, 2 of 9 documented responses exercised
    ///   ✓ getPetById (GET /pets/{petId}): 1 stub(s), 3 request(s); 200 ✓, 404 ✗
    ///   ✗ deletePet (DELETE /pets/{petId}): never exercised; 204 ✗
    /// ```
    public var text: String {
        let responses = operations.flatMap(\.responses)
        var lines = ["\(source): \(operations.filter(\.isExercised).count) of \(operations.count) operations, "
            + "\(responses.filter(\.isExercised).count) of \(responses.count) documented responses exercised"]
        for operation in operations {
            let usage = operation.isExercised ? "\(operation.stubs) stub(s), \(operation.requests) request(s)" : "never exercised"
            let statuses = operation.responses.map { "\($0.status) \($0.isExercised ? "✓" : "✗")" }.joined(separator: ", ")
            let name = operation.label == "\(operation.method) \(operation.path)" ? operation.label : "\(operation.label) (\(operation.method) \(operation.path))"
            lines.append("  \(operation.isExercised ? "✓" : "✗") \(name): \(usage)\(statuses.isEmpty ? "" : "; \(statuses)")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as text, the same as ``text``.
    public var description: String { text }

    /// The report as JSON: `{"source": …, "operations": [{"label", "method", "path", "stubs",
    /// "requests", "exercised", "responses": [{"status", "stubs", "requests", "exercised"}]}]}`.
    public var json: JSONValue {
        .object([
            "source": .string(source),
            "operations": .array(operations.map { operation in
                .object([
                    "label": .string(operation.label),
                    "method": .string(operation.method),
                    "path": .string(operation.path),
                    "stubs": .number(JSONNumber(operation.stubs)),
                    "requests": .number(JSONNumber(operation.requests)),
                    "exercised": .bool(operation.isExercised),
                    "responses": .array(operation.responses.map { response in
                        .object([
                            "status": .string(response.status),
                            "stubs": .number(JSONNumber(response.stubs)),
                            "requests": .number(JSONNumber(response.requests)),
                            "exercised": .bool(response.isExercised),
                        ])
                    }),
                ])
            }),
        ])
    }
}
