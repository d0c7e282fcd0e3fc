import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI

/// An operation answered with `text/event-stream` is served as a stream of events, from the
/// media type's example, not as one generated word with a `Content-Length`.
struct OpenAPIEventStreamTests {
    static let yaml = """
        openapi: 3.1.0
        info: {title: Streams, version: "1"}
        paths:
          /written:
            get:
              responses:
                "200":
                  description: Events written as a stream
                  content:
                    text/event-stream:
                      schema: {type: string}
                      example: "event: start\\ndata: one\\n\\ndata: two\\nid: 7\\n\\n"
          /items:
            get:
              responses:
                "200":
                  description: Events as a list of items
                  content:
                    text/event-stream:
                      example:
                        - {event: delta, data: {text: "Hel"}}
                        - {event: delta, data: {text: "lo"}, id: "2"}
                        - "[DONE]"
          /images:
            post:
              responses:
                "200":
                  description: JSON, or events when the client asks for them (as OpenAI's image generation)
                  content:
                    application/json:
                      schema: {type: object, required: [url], properties: {url: {type: string}}}
                    text/event-stream:
                      schema: {type: object, required: [type], properties: {type: {type: string, enum: [image.completed]}}}
          /generated:
            get:
              responses:
                "200":
                  description: No example
                  content:
                    text/event-stream:
                      schema: {type: string}
        """

    @Test func anExampleWrittenAsAStreamIsItsEvents() throws {
        let mock = HTTPMock(openAPI: try OpenAPIDocument(yaml: Self.yaml))
        let response = mock.serve(request(.get, "/written")).response
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/event-stream")
        #expect(response.body == .none)
        guard case .events(let events)? = response.stream?.content else { Issue.record("no event stream: \(response)"); return }
        #expect(events.map(\.event) == ["start", nil])
        #expect(events.map(\.data) == ["one", "two"])
        #expect(events.map(\.id) == [nil, "7"])
    }

    @Test func aListExampleIsOneEventPerItem() throws {
        let mock = HTTPMock(openAPI: try OpenAPIDocument(yaml: Self.yaml))
        let response = mock.serve(request(.get, "/items")).response
        guard case .events(let events)? = response.stream?.content else { Issue.record("no event stream: \(response)"); return }
        #expect(events.map(\.event) == ["delta", "delta", nil])
        #expect(events.map(\.data) == [#"{"text":"Hel"}"#, #"{"text":"lo"}"#, "[DONE]"])
        #expect(events.map(\.id) == [nil, "2", nil])
    }

    @Test func withoutAnExampleTheGeneratedValueIsOneEvent() throws {
        let mock = HTTPMock(openAPI: try OpenAPIDocument(yaml: Self.yaml))
        let response = mock.serve(request(.get, "/generated")).response
        guard case .events(let events)? = response.stream?.content else { Issue.record("no event stream: \(response)"); return }
        #expect(events.count == 1)
        #expect(events.first?.data?.isEmpty == false)
    }

    /// A response documented in JSON and as events answers with events when `Accept` asks for them.
    @Test func acceptChoosesTheEventStream() throws {
        let mock = HTTPMock(openAPI: try OpenAPIDocument(yaml: Self.yaml))
        let json = mock.serve(request(.post, "/images")).response
        #expect(json.headers["Content-Type"] == "application/json")
        #expect(json.stream == nil)
        let streamed = mock.serve(request(.post, "/images", headers: ["Accept": "text/event-stream"])).response
        #expect(streamed.headers["Content-Type"] == "text/event-stream")
        guard case .events(let events)? = streamed.stream?.content else { Issue.record("no event stream: \(streamed)"); return }
        #expect(events.map(\.data) == [#"{"type":"image.completed"}"#])
    }
}
