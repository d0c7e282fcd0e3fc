import Understudy
import UnderstudyOpenAPI
import UnderstudyServer

/// The admin endpoints `serve --openapi` adds, each answered from the mock as it is now:
/// `GET /__admin/openapi/violations` (journaled requests and answers that violate the document),
/// `GET /__admin/openapi/drift` (stubs that do) and `GET /__admin/openapi/coverage`.
enum OpenAPIAdminEndpoints {
    static func all(document: OpenAPIDocument, mock: HTTPMock) -> [AdminExtension] {
        [
            AdminExtension(.get, "/openapi/violations") { _ in
                let findings = mock.trafficViolations(against: document)
                return .ok.json(["source": .string(document.source), "requests": .array(findings.map(\.json))])
            },
            AdminExtension(.get, "/openapi/drift") { _ in .ok.json(mock.validate(against: document).json) },
            AdminExtension(.get, "/openapi/coverage") { _ in .ok.json(mock.openAPICoverage(document).json) },
        ]
    }
}
