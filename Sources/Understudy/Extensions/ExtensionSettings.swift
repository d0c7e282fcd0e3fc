/// Settings of features outside the core carried in ``HTTPMock/Configuration`` (the message
/// action transformers of `UnderstudyMessaging`): one value per key type.
package struct ExtensionSettings: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    package init() {}

    /// The value kept under `key`, if any.
    package subscript<Value: Sendable>(key: Value.Type) -> Value? {
        get { values[ObjectIdentifier(key)] as? Value }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}
