/// The value a non-throwing requirement returns to an unexpected call, where its type has one:
/// `()`, `nil`, a ``Mocked`` type's `mock`, an empty collection, `0`, `false`, `""`.
enum DefaultValue {
    static func of<Value>(_ type: Value.Type) -> Value? {
        if let void = () as? Value { return void }
        if let optional = type as? any ExpressibleByNilLiteral.Type { return makeNil(optional) as? Value }
        if let mocked = type as? any Mocked.Type { return mocked.mock as? Value }
        if let collection = type as? any RangeReplaceableCollection.Type { return collection.init() as? Value }
        if let array = type as? any ExpressibleByArrayLiteral.Type { return makeArray(array) as? Value }
        if let dictionary = type as? any ExpressibleByDictionaryLiteral.Type { return makeDictionary(dictionary) as? Value }
        if let bool = type as? any ExpressibleByBooleanLiteral.Type { return makeFalse(bool) as? Value }
        if let integer = type as? any ExpressibleByIntegerLiteral.Type { return makeZero(integer) as? Value }
        if let float = type as? any ExpressibleByFloatLiteral.Type { return makeFloat(float) as? Value }
        if let string = type as? any ExpressibleByStringLiteral.Type { return makeEmpty(string) as? Value }
        return nil
    }

    private static func makeNil<T: ExpressibleByNilLiteral>(_: T.Type) -> T { nil }
    private static func makeArray<T: ExpressibleByArrayLiteral>(_: T.Type) -> T { [] }
    private static func makeDictionary<T: ExpressibleByDictionaryLiteral>(_: T.Type) -> T { [:] }
    private static func makeFalse<T: ExpressibleByBooleanLiteral>(_: T.Type) -> T { false }
    private static func makeZero<T: ExpressibleByIntegerLiteral>(_: T.Type) -> T { 0 }
    private static func makeFloat<T: ExpressibleByFloatLiteral>(_: T.Type) -> T { 0.0 }
    private static func makeEmpty<T: ExpressibleByStringLiteral>(_: T.Type) -> T { "" }
}
