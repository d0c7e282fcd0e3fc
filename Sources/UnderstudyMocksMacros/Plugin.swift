import SwiftCompilerPlugin
public import SwiftSyntax
public import SwiftSyntaxMacros
import UnderstudyMocksMacroExpansion

/// `@Mockable` as the compiler finds it (`UnderstudyMocksMacros.MockableMacro`), carried out by
/// UnderstudyMocksMacroExpansion, the library its expansion tests use.
public struct MockableMacro: PeerMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try UnderstudyMocksMacroExpansion.MockableMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }

    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax, providingExtensionsOf type: some TypeSyntaxProtocol,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try UnderstudyMocksMacroExpansion.MockableMacro.expansion(
            of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols, in: context)
    }
}

/// The compiler plugin that carries `@Mockable`.
@main
struct UnderstudyMocksPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [MockableMacro.self]
}
