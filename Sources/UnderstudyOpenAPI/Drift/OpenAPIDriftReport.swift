import Foundation
public import Understudy

/// Where stubs disagree with an OpenAPI document: each stub whose request cannot occur under
/// the document or whose response violates it, with every violation.
public struct OpenAPIDriftReport: Sendable, CustomStringConvertible {
    /// One stub that drifted.
    public struct Finding: Sendable {
        /// The stub's id and name.
        public let stub: StubIdentity
        /// Where the stub is written (`mappings/pets.json:3:5`), when it came from a file.
        public let location: String?
        /// The stub's request, as `GET urlPath=/pets/1`.
        public let request: String
        /// The operation the stub's request goes to, when one fits.
        public let operation: String?
        /// What disagrees.
        public let violations: [OpenAPIViolation]
    }

    /// The document's name.
    public let source: String
    /// How many stubs were checked (spec-generated stubs are not).
    public let checkedStubs: Int
    /// The stubs that drifted, in matching order.
    public let findings: [Finding]
    /// Stubs that could not be checked and why (dynamic responses, regex URLs, templates), one line each.
    public let notChecked: [String]

    /// Whether no stub drifted.
    public var isClean: Bool { findings.isEmpty }

    /// The report as deterministic text:
    /// ```
    /// 1 of 3 stub(s) drift from petstore.yaml
    ///
    /// "old pet" (id …): GET urlPath=/pets/1 → getPetById
    ///   ✗ response body: required … (required at #/components/schemas/Pet/allOf/1/required)
    /// ```
    public var text: String {
        var lines = [isClean ? "\(checkedStubs) stub(s) agree with \(source)" : "\(findings.count) of \(checkedStubs) stub(s) drift from \(source)"]
        for finding in findings {
            lines.append("")
            lines.append((finding.location.map { "\($0): " } ?? "") + "\(finding.stub.label): \(finding.request)\(finding.operation.map { " → \($0)" } ?? "")")
            lines += finding.violations.map { "  ✗ \($0)" }
        }
        if !notChecked.isEmpty {
            lines.append("")
            lines += notChecked.map { "not checked: \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report as text, the same as ``text``.
    public var description: String { text }

    /// The report as JSON: `source`, `checkedStubs`, `findings` (each `stub` id, `name`,
    /// `location`, `request`, `operation`, `violations`) and `notChecked`.
    public var json: JSONValue {
        .object([
            "source": .string(source),
            "checkedStubs": .number(JSONNumber(checkedStubs)),
            "findings": .array(findings.map { finding in
                var object: JSONObject = ["stub": .string(finding.stub.id.uuidString.lowercased()), "request": .string(finding.request),
                                          "violations": .array(finding.violations.map(\.json))]
                if let name = finding.stub.name { object["name"] = .string(name) }
                if let location = finding.location { object["location"] = .string(location) }
                if let operation = finding.operation { object["operation"] = .string(operation) }
                return .object(object)
            }),
            "notChecked": .array(notChecked.map(JSONValue.string)),
        ])
    }
}
