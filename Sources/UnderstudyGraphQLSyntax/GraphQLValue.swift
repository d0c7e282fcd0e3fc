/// A literal value of a GraphQL document: a variable, a number, a string, a boolean, `null`,
/// an enum value, a list or an input object.
package indirect enum GraphQLValue: Sendable, Hashable {
    case variable(String)
    /// An integer as written (after ``GraphQLDocument/normalized()``, `-0` is `0`).
    case int(String)
    /// A float as written (after ``GraphQLDocument/normalized()``, its decimal value and scale,
    /// as Java's `BigDecimal` compares them).
    case float(String)
    /// A quoted or block string's value.
    case string(String)
    case boolean(Bool)
    case null
    case enumValue(String)
    case list([GraphQLValue])
    case object([GraphQLDocument.Argument])
}
