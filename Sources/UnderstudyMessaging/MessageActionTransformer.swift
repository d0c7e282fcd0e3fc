/// Rewrites a message stub's actions before they run: WireMock 4's `MessageActionTransformer`
/// extension, written in Swift and set in `HTTPMock.Configuration.messageActionTransformers`.
///
/// A transformer that applies globally rewrites every action; one that does not rewrites only
/// the actions that name it (`"transformers": ["name"]` in mapping JSON,
/// ``MessageAction/transformed(by:)`` in Swift). Transformers run in the order they are
/// configured, each on the previous one's result, and before the action's body is rendered as
/// a template.
///
/// ```swift
/// let shouting = MessageActionTransformer(name: "shouting") { action, _ in
///     guard case .send(.text(let text)?) = action.kind else { return action }
///     var loud = action
///     loud.kind = .send(.text(text.uppercased()))
///     return loud
/// }
/// let mock = HTTPMock(configuration: HTTPMock.Configuration(messageActionTransformers: [shouting]))
/// ```
public struct MessageActionTransformer: Sendable {
    /// The name actions use to ask for it (WireMock's `getName()`).
    public var name: String
    /// Whether it rewrites every action, or only those that name it (WireMock's
    /// `applyGlobally()`, true by default there too).
    public var appliesGlobally: Bool
    /// The rewrite.
    public var transform: @Sendable (MessageAction, MessageActionContext) -> MessageAction

    /// A transformer called `name` that rewrites actions with `transform`.
    public init(name: String, appliesGlobally: Bool = true,
                transform: @escaping @Sendable (MessageAction, MessageActionContext) -> MessageAction) {
        self.name = name
        self.appliesGlobally = appliesGlobally
        self.transform = transform
    }

    /// Whether it rewrites `action`.
    func applies(to action: MessageAction) -> Bool {
        appliesGlobally || action.transformers.contains(name)
    }
}
