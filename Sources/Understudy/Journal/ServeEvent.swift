import Foundation

/// One entry of the request journal: a request and how the mock answered it.
public struct ServeEvent: Sendable, Identifiable {
    /// The id of the request.
    public var id: UUID { request.id }
    /// The request as received.
    public let request: RecordedRequest
    /// The stub that answered, or `nil` when no stub matched.
    public let stub: StubMapping?
    /// The response the mock chose (for unmatched requests, the 404 with the near-miss report).
    public let response: ResponseDefinition

    /// Whether a stub matched.
    public var wasMatched: Bool { stub != nil }

    public init(request: RecordedRequest, stub: StubMapping?, response: ResponseDefinition) {
        self.request = request
        self.stub = stub
        self.response = response
    }
}
