/// A type with a value a mock can answer with when no `given` clause does (under
/// ``MockerPolicy/relaxedMocked``, and as the default of an unexpected call).
///
/// ```swift
/// extension Car: Mocked {
///     static var mock: Car { Car(name: "Mock Car", seats: 4) }
/// }
/// ```
public protocol Mocked {
    /// The value a mock answers with.
    static var mock: Self { get }
    /// The values a mock answers with for an array of this type (by default `[mock]`).
    static var mocks: [Self] { get }
}

extension Mocked {
    public static var mocks: [Self] { [mock] }
}

extension Array: Mocked where Element: Mocked {
    public static var mock: [Element] { Element.mocks }
}

extension Optional: Mocked where Wrapped: Mocked {
    public static var mock: Wrapped? { Wrapped.mock }
}
