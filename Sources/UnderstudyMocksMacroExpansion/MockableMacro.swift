import SwiftSyntaxBuilder
public import SwiftSyntax
public import SwiftSyntaxMacros

/// `@Mockable`: a peer `Mock<Name>` type and an extension of the protocol implementing its
/// requirements for mocks, both under `#if MOCKING || DEBUG`.
public struct MockableMacro: PeerMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard let model = ProtocolModel.read(node, declaration, in: context, report: true) else { return [] }
        return [DeclSyntax(stringLiteral: MockFactory(model: model).mock())]
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let model = ProtocolModel.read(node, declaration, in: context, report: false) else { return [] }
        let members = ImplementationFactory(model: model).members()
        // The implementations keep the protocol's isolation whatever the module's default
        // (SE-0466): none unless it names a global actor or is an actor's (Mockable #130).
        let isolation = model.globalActor == nil && !model.isActor ? "nonisolated " : ""
        let text = """
            \(isolation)extension \(type.trimmedDescription) where Self: \(Names.module).MockableService {
            #if \(Names.condition)
            \(members.joined(separator: "\n"))
            #endif
            }
            """
        return [try ExtensionDeclSyntax("\(raw: text)")]
    }
}
