import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that carries `@Mockable`.
@main
struct UnderstudyMocksPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [MockableMacro.self]
}
