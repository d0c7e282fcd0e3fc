import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI

/// A `discriminator` without a `mapping` over alternatives that declare their own value for the
/// property (`role: {enum: [user]}`), as OpenAI's chat messages and Spotify's playing items do.
/// OpenAPI 3.1.1 ("Discriminator Object"): a discriminator must not change whether a value is
/// valid, so the implicit mapping by schema name applies only where the alternative allows it.
struct OpenAPIDiscriminatorTests {
    static let yaml = """
        openapi: 3.1.0
        info: {title: Chat, version: "1"}
        paths:
          /messages:
            post:
              operationId: send
              requestBody:
                required: true
                content:
                  application/json:
                    schema: {$ref: "#/components/schemas/Message"}
              responses:
                "200":
                  description: The message as stored
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Message"}
        components:
          schemas:
            Message:
              oneOf:
                - $ref: "#/components/schemas/UserMessage"
                - $ref: "#/components/schemas/SystemMessage"
                - $ref: "#/components/schemas/Note"
                - $ref: "#/components/schemas/ToolItem"
                - $ref: "#/components/schemas/LegacyToolCall"
              discriminator: {propertyName: role}
            LegacyToolCall:
              type: object
              required: [role, name]
              properties: {role: {enum: [tool_call]}, name: {type: string}}
            ToolItem:
              oneOf:
                - {type: object, required: [role, call], properties: {role: {const: tool_call}, call: {type: string}}}
                - {type: object, required: [role, output], properties: {role: {enum: [tool_output]}, output: {type: string}}}
                - {type: object, required: [id], properties: {role: {anyOf: [{enum: [reference]}, {type: "null"}]}, id: {type: string}}}
            UserMessage:
              type: object
              required: [content]
              properties:
                role: {type: string, enum: [user]}
                content: {type: string}
            SystemMessage:
              allOf:
                - $ref: "#/components/schemas/Base"
                - type: object
                  properties:
                    role: {$ref: "#/components/schemas/SystemRole"}
            SystemRole: {type: string, const: system}
            Base:
              type: object
              required: [role, content]
              properties:
                content: {type: string}
            Note:
              type: object
              required: [role, text]
              properties:
                role: {type: string}
                text: {type: string}
        """

    @Test func requestsAreCheckedAgainstTheValueEachAlternativeDeclares() throws {
        let document = try OpenAPIDocument(yaml: Self.yaml)
        let schema = try #require(document.operation(id: "send")?.requestBody?.content.first?.schema)
        #expect(schema.validate(["role": "user", "content": "hi"]).isEmpty)
        #expect(schema.validate(["role": "system", "content": "be brief"]).isEmpty)
        // An alternative that does not restrict the property keeps the implicit name.
        #expect(schema.validate(["role": "Note", "text": "later"]).isEmpty)
        // The schema name of an alternative that declares its own value does not name it.
        #expect(!schema.validate(["role": "UserMessage", "content": "hi"]).isEmpty)
        #expect(!schema.validate(["role": "assistant", "content": "hi"]).isEmpty)
        // The named alternative is checked: a user message needs its content.
        #expect(!schema.validate(["role": "user"]).isEmpty)
        // An alternative that is itself a union is named by its branches' values (OpenAI's
        // `InputItem` names `Item`, whose items are `apply_patch_call_output` and the like).
        #expect(schema.validate(["role": "tool_output", "output": "42"]).isEmpty)
        #expect(!schema.validate(["role": "tool_output", "call": "f"]).isEmpty)
        #expect(!schema.validate(["role": "ToolItem", "call": "f"]).isEmpty)
        // A value naming two alternatives is checked against either (OpenAI's `message`).
        #expect(schema.validate(["role": "tool_call", "call": "f"]).isEmpty)
        #expect(schema.validate(["role": "tool_call", "name": "f"]).isEmpty)
        #expect(!schema.validate(["role": "tool_call"]).isEmpty)
        // A branch's values may sit in an anyOf beside null (OpenAI's ItemReferenceParam).
        #expect(schema.validate(["role": "reference", "id": "msg_1"]).isEmpty)
        // Without the property, the alternatives decide as written: a user message may leave
        // out its role (OpenAI's `EasyInputMessage`), a value no alternative fits is refused.
        #expect(schema.validate(["content": "hi"]).isEmpty)
        #expect(!schema.validate(["text": "later"]).isEmpty)
    }

    @Test func theWholeRequestIsAcceptedUnderValidation() throws {
        let document = try OpenAPIDocument(yaml: Self.yaml)
        let body = #"{"role": "user", "content": "hi"}"#
        let recorded = RecordedRequest(method: .post, url: "/messages", headers: ["Content-Type": "application/json"], body: Data(body.utf8))
        #expect(document.violations(of: recorded).isEmpty)
    }

    @Test func generatedAnswersCarryAValueTheirAlternativeAllows() throws {
        let document = try OpenAPIDocument(yaml: Self.yaml)
        let operation = try #require(document.operation(id: "send"))
        for seed in UInt64(1)...8 {
            let mock = HTTPMock(openAPI: document, options: OpenAPIStubOptions(seed: seed))
            let answer = try mock.answer(request(.post, "/messages", headers: ["Prefer": "dynamic=true", "Content-Type": "application/json"],
                                                 body: #"{"role": "user", "content": "hi"}"#))
            #expect(answer.status == 200)
            #expect(try JSONValue(parsing: answer.body)["role"] == "user", "the first alternative, named by its own enum")
            #expect(operation.violations(ofResponseStatus: answer.status, headers: answer.headers, body: Data(answer.body.utf8)).isEmpty)
        }
    }
}
