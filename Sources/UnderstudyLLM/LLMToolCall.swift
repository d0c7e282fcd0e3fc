import Understudy
public import UnderstudyJSON

/// A tool (function) call an ``LLMResponse`` makes: the provider's tool-call block, its
/// arguments streamed in fragments as the model writes them.
///
/// ```swift
/// let call = LLMToolCall(id: "call_1", name: "get_weather", arguments: ["city": "Paris"])
/// ```
public struct LLMToolCall: Sendable, Hashable {
    /// The call's id (`call_…` at OpenAI, `toolu_…` at Anthropic); `nil` makes one from the
    /// response's seed.
    public var id: String?
    /// The name of the tool called.
    public var name: String
    /// The arguments' JSON text in the fragments a stream sends, in order; joined, they are a
    /// JSON object.
    public var argumentFragments: [String]

    /// A call whose arguments are `arguments`, written compactly and streamed in fragments of
    /// ``fragmentLength`` characters.
    public init(id: String? = nil, name: String, arguments: JSONObject = [:]) {
        self.init(id: id, name: name, argumentFragments: Self.fragments(of: JSONValue.object(arguments).jsonText()))
    }

    /// A call whose arguments' JSON text arrives in exactly these fragments.
    public init(id: String? = nil, name: String, argumentFragments: [String]) {
        self.id = id
        self.name = name
        self.argumentFragments = argumentFragments
    }

    /// How many characters each fragment of arguments given whole has.
    public static let fragmentLength = 8

    /// The arguments' whole JSON text.
    public var arguments: String { argumentFragments.joined() }

    /// `text` cut into fragments of ``fragmentLength`` characters (one empty fragment for no text).
    static func fragments(of text: String) -> [String] {
        guard !text.isEmpty else { return [""] }
        var fragments: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            fragments.append(String(rest.prefix(fragmentLength)))
            rest = rest.dropFirst(fragmentLength)
        }
        return fragments
    }
}
