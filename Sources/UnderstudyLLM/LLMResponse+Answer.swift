import Foundation
package import Understudy
import UnderstudyJSON
package import UnderstudyTemplating

extension LLMResponse {
    /// `response` with this answer made for `request`: its body the API's JSON object (or
    /// error), or its stream the API's events, or its fault, with the content type set unless
    /// the response sets one (the plan adds an event stream's `Cache-Control: no-cache`).
    /// Throws when the stub itself is wrong (Anthropic tool arguments that are not a JSON
    /// object).
    func answer(to request: RecordedRequest, in response: ResponseDefinition) throws(LLMExchange.Problem) -> ResponseDefinition {
        let exchange = try LLMExchange(self, request: request)
        var answered = response
        answered.setAnswerExtension(nil, of: LLMResponse.self)
        answered.body = .none
        if exchange.streams {
            let script = exchange.script
            let interrupted = error != nil || fault != nil
            let deltas = script.content.filter(\.isDelta).count
            var events = script.events(cutAfter: interrupted ? (afterDeltas ?? deltas) : nil)
            if let error { events.append(contentsOf: exchange.errorEvents(error)) }
            if api.kind == .openAIResponses { events = Self.numbered(events) }
            let sent = events.map { event in
                let data = switch event.data {
                case .json(let object): JSONValue.object(object).jsonText()
                case .text(let text): text
                }
                return ServerSentEvent(event: event.name, data: data, after: event.isDelta ? delayBetweenDeltas : .zero)
            }
            answered.stream = ResponseStream(.events(sent), ending: fault.map(ResponseStream.Ending.fault) ?? .complete)
            if answered.headers["Content-Type"] == nil { answered.headers.add(name: "Content-Type", value: "text/event-stream; charset=utf-8") }
            return answered
        }
        answered.stream = nil
        if let fault {
            answered.fault = fault
            return answered
        }
        if let error {
            answered.status = error.status
            answered.body = .json(exchange.errorBody(error))
        } else {
            answered.body = .json(exchange.object)
        }
        if answered.headers["Content-Type"] == nil { answered.headers.add(name: "Content-Type", value: "application/json") }
        return answered
    }

    /// The Responses API's events with their `sequence_number`s, counted from 0.
    private static func numbered(_ events: [LLMEventScript.Event]) -> [LLMEventScript.Event] {
        var numbered: [LLMEventScript.Event] = []
        for (number, var event) in events.enumerated() {
            if case .json(let object) = event.data {
                var members = Array(object)
                members.insert(JSONObject.Member(key: "sequence_number", value: .number(JSONNumber(number))), at: min(1, members.count))
                event.data = .json(JSONObject(members))
            }
            numbered.append(event)
        }
        return numbered
    }

    /// The answer with every text passed through `transform` (the model, the deltas, the tool
    /// calls, the finish reason and the error): how response templating reaches it.
    func mapTexts<Failure: Error>(_ transform: (String) throws(Failure) -> String) throws(Failure) -> LLMResponse {
        var copy = self
        copy.model = try model.map(transform)
        copy.finishReason = try finishReason.map(transform)
        var text: [String] = []
        for delta in self.text { text.append(try transform(delta)) }
        copy.text = text
        var calls: [LLMToolCall] = []
        for var call in toolCalls {
            call.id = try call.id.map(transform)
            call.name = try transform(call.name)
            var fragments: [String] = []
            for fragment in call.argumentFragments { fragments.append(try transform(fragment)) }
            call.argumentFragments = fragments
            calls.append(call)
        }
        copy.toolCalls = calls
        if var error {
            error.message = try transform(error.message)
            error.type = try error.type.map(transform)
            copy.error = error
        }
        return copy
    }
}

extension LLMExchange {
    /// The streamed answer's events in this API's format.
    var script: LLMEventScript {
        switch answer.api.kind {
        case .openAIChat: openAIChatScript
        case .openAIResponses: openAIResponsesScript
        case .anthropicMessages: anthropicMessagesScript
        }
    }

    /// The whole answer as this API's JSON object.
    var object: JSONValue {
        switch answer.api.kind {
        case .openAIChat: openAIChatObject
        case .openAIResponses: openAIResponsesObject
        case .anthropicMessages: anthropicMessagesObject
        }
    }

    /// The API's events for an error mid-stream: its error event, and at the Responses API the
    /// `response.failed` that follows it.
    func errorEvents(_ error: LLMProviderError) -> [LLMEventScript.Event] {
        let type = error.type(for: answer.api)
        switch answer.api.kind {
        case .openAIChat:
            return [LLMEventScript.Event(data: .json(["error": .object(openAIErrorObject(error))]))]
        case .openAIResponses:
            return [LLMEventScript.Event(name: "error", data: .json(["type": "error", "code": .string(type), "message": .string(error.message), "param": nil])),
                    openAIResponsesFailedEvent(error)]
        case .anthropicMessages:
            return [LLMEventScript.Event(name: "error", data: .json(["type": "error", "error": ["type": .string(type), "message": .string(error.message)]]))]
        }
    }

    /// The API's error body, answered with the error's status.
    func errorBody(_ error: LLMProviderError) -> JSONValue {
        switch answer.api.kind {
        case .anthropicMessages:
            ["type": "error", "error": ["type": .string(error.type(for: answer.api)), "message": .string(error.message)]]
        case .openAIChat, .openAIResponses:
            ["error": .object(openAIErrorObject(error))]
        }
    }

    private func openAIErrorObject(_ error: LLMProviderError) -> JSONObject {
        ["message": .string(error.message), "type": .string(error.type(for: answer.api)), "param": nil, "code": nil]
    }
}

/// LLM answers on the core's answer seam: `response.llm` in mapping JSON, made into the
/// provider's body or event stream from the request, before the core plans it.
extension LLMResponse: AnswerExtension {
    package static let wireMockKey = "llm"
    package static let excludedKeys = ["body", "jsonBody", "base64Body", "bodyFileName", "eventStream", "chunks",
                                       "chunkedDribbleDelay", "fault", "proxyBaseUrl"]

    package static func conflict(with key: String) -> String {
        "\"llm\" is the body of this response (a JSON object, or events when the request asks for a stream); remove \"\(key)\", or remove \"llm\" (a fault mid-answer is \"thenFault\" inside \"llm\")"
    }

    /// Made from the request (ids from its body, streamed when it asks).
    package var isStatic: Bool { false }

    package func plan<G: RandomNumberGenerator>(_ response: ResponseDefinition, for request: RecordedRequest, sequence: Int,
                                                using generator: inout G,
                                                next: (ResponseDefinition, inout G) throws -> ResponsePlan) throws -> ResponsePlan {
        try next(answer(to: request, in: response), &generator)
    }

    package func renderingTemplates(_ render: (String) throws(TemplateError) -> String) throws(TemplateError) -> LLMResponse {
        try mapTexts(render)
    }
}

extension MappingExtensions {
    /// LLM provider answers (`"llm": {…}` in a mapping's response).
    public static let llm = MappingExtensions(answers: [LLMResponse.self])
}
