import SwiftDiagnostics

/// The errors `@Mockable` reports, each saying which shape it cannot mock and why.
enum MockableDiagnostic: String, DiagnosticMessage {
    case notAProtocol
    case staticInGenericProtocol
    case operatorRequirement
    case inheritingNotAMockType
    case moreThanOneParent
    case parentNotRefined

    var severity: DiagnosticSeverity { .error }

    var diagnosticID: MessageID { MessageID(domain: "UnderstudyMocks", id: rawValue) }

    var message: String {
        switch self {
        case .notAProtocol:
            "@Mockable applies to a protocol: it generates a mock class from the protocol's requirements"
        case .staticInGenericProtocol:
            "@Mockable cannot mock a static requirement of a protocol with associated types: its mock is generic, and a generic type has no static storage for the static mocker"
        case .operatorRequirement:
            "@Mockable cannot mock an operator requirement: a given, when or verify clause has no method name to reach it by"
        case .inheritingNotAMockType:
            "@Mockable(inheriting:) takes the @Mockable protocols this one refines, written as Name.self"
        case .moreThanOneParent:
            "@Mockable(inheriting:) builds on one parent mock: a mock's clause builders are classes, and a class has one superclass"
        case .parentNotRefined:
            "@Mockable(inheriting:) names a protocol this protocol does not refine"
        }
    }
}

/// The fix-its those errors offer.
struct MockableFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "UnderstudyMocks", id: message) }
}
