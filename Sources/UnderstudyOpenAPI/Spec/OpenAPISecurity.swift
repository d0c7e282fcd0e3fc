import Foundation
import Understudy

/// What an operation's `security` asks of a request: any one of its alternatives, each a set of
/// schemes that must all be present (OpenAPI's OR of Security Requirement Objects, AND within
/// one). Checked as Prism checks it, for presence only: `http` `basic`/`bearer` (or another
/// scheme) in `Authorization`, `apiKey` in its header, query parameter or cookie, `oauth2` and
/// `openIdConnect` as a bearer token; `mutualTLS` cannot be seen in a request and passes.
struct OpenAPISecurity: Sendable {
    /// One security scheme of `components/securitySchemes`.
    struct Scheme: Sendable {
        enum Kind: Sendable {
            /// `Authorization: <scheme> …` (`Basic`, `Bearer`, …); `oauth2` and `openIdConnect` are `Bearer`.
            case authorization(scheme: String)
            /// An API key in a header, query parameter or cookie.
            case apiKey(name: String, location: OpenAPIParameter.Location)
            /// Not visible in a request (`mutualTLS`, an unknown type).
            case unchecked
        }

        let name: String
        let kind: Kind

        /// The `WWW-Authenticate` challenge naming the scheme; none for a scheme a request cannot show.
        func challenge(realm: String) -> String? {
            switch kind {
            case .authorization(let scheme): "\(scheme) realm=\"\(realm)\""
            case .apiKey(let name, let location): "APIKey realm=\"\(realm)\", name=\"\(name)\", in=\"\(location.rawValue)\""
            case .unchecked: nil
            }
        }

        /// Whether the request carries the scheme's credentials.
        func isPresent(in request: RecordedRequest) -> Bool {
            switch kind {
            case .authorization(let scheme):
                return request.headers.values(for: "Authorization").contains { value in
                    let parts = value.split(separator: " ", maxSplits: 1)
                    return parts.count == 2 && parts[0].lowercased() == scheme.lowercased() && !parts[1].trimmingCharacters(in: .whitespaces).isEmpty
                }
            case let .apiKey(name, location):
                switch location {
                case .header: return request.headers.values(for: name).contains { !$0.isEmpty }
                case .query: return request.queryItems.contains { $0.name == name }
                case .cookie: return request.cookies.contains { $0.name == name }
                case .path: return true
                }
            case .unchecked:
                return true
            }
        }
    }

    /// The alternatives, each a set of schemes; an empty alternative (`{}`) makes security optional.
    let alternatives: [[Scheme]]

    /// The operation's security: its own `security`, else the document's; `nil` when neither
    /// asks for any. Schemes the document does not define are left out.
    init?(operation: JSONValue, root: JSONValue) {
        guard case .array(let requirements)? = operation["security"] ?? root["security"], !requirements.isEmpty else { return nil }
        let schemes = root["components"]?["securitySchemes"]?.objectValue ?? [:]
        alternatives = requirements.map { requirement in
            (requirement.objectValue ?? [:]).compactMap { member in schemes[member.key].map { Self.scheme(named: member.key, $0) } }
        }
    }

    private static func scheme(named name: String, _ definition: JSONValue) -> Scheme {
        switch definition["type"]?.stringValue {
        case "http":
            let scheme = definition["scheme"]?.stringValue ?? "bearer"
            return Scheme(name: name, kind: .authorization(scheme: scheme.prefix(1).uppercased() + scheme.dropFirst().lowercased()))
        case "oauth2", "openIdConnect":
            return Scheme(name: name, kind: .authorization(scheme: "Bearer"))
        case "apiKey":
            guard let key = definition["name"]?.stringValue, let place = definition["in"]?.stringValue,
                  let location = OpenAPIParameter.Location(rawValue: place) else { return Scheme(name: name, kind: .unchecked) }
            return Scheme(name: name, kind: .apiKey(name: key, location: location))
        default:
            return Scheme(name: name, kind: .unchecked)
        }
    }

    /// Whether the request satisfies one alternative.
    func isSatisfied(by request: RecordedRequest) -> Bool {
        alternatives.contains { alternative in alternative.allSatisfy { $0.isPresent(in: request) } }
    }

    /// What is missing, naming each alternative: `Authorization: Bearer … (bearerAuth), or the header X-API-Key (apiKey)`.
    var expectation: String {
        alternatives.map { alternative in
            alternative.map { scheme in
                switch scheme.kind {
                case .authorization(let name): "Authorization: \(name) … (\(scheme.name))"
                case let .apiKey(key, location): "the \(location.rawValue) \(location == .query ? "parameter " : "")\(key) (\(scheme.name))"
                case .unchecked: scheme.name
                }
            }.joined(separator: " and ")
        }.joined(separator: ", or ")
    }

    /// The challenges of the first alternative, for `WWW-Authenticate`.
    func challenges(realm: String) -> [String] {
        (alternatives.first ?? []).compactMap { $0.challenge(realm: realm) }
    }
}
