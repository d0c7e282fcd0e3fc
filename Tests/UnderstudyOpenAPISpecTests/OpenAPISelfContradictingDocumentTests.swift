import Foundation
import Testing
import Understudy
import UnderstudyOpenAPI

/// What Understudy does with documents that contradict themselves, as the DocC article *Serving
/// a spec* says ("When a document contradicts itself"), each case met in a real document.
///
/// An example that contradicts its own schema (OpenAI's `ChatkitWorkflow` example leaves out the
/// required `state_variables`; its `Response` example has `"user": null` where the type is a
/// string): the default answer is the first example that fits, else a generated body, so a
/// client built from the schema can read it; the example is still served by name.
struct OpenAPISelfContradictingDocumentTests {
    static let yaml = """
        openapi: 3.1.0
        info: {title: Workflows, version: '1'}
        paths:
          /workflows/{id}:
            get:
              operationId: getWorkflow
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
              responses:
                '200':
                  description: A workflow
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [id, state_variables]
                        properties:
                          id: {type: string}
                          user: {type: string}
                          state_variables: {type: object}
                      examples:
                        broken: {value: {id: wf_1, user: null}}
                        %@
        """

    @Test func anExampleThatViolatesItsSchemaIsNotTheDefaultAnswer() throws {
        let document = try OpenAPIDocument(yaml: Self.yaml.replacingOccurrences(of: "%@", with: ""))
        let operation = try #require(document.operation(id: "getWorkflow"))
        let mock = HTTPMock(openAPI: document)

        let answer = try mock.answer(request(.get, "/workflows/wf_1"))
        #expect(answer.status == 200)
        #expect(try JSONValue(parsing: answer.body)["state_variables"]?.objectValue != nil, "\(answer.body)")
        #expect(operation.violations(ofResponseStatus: answer.status, headers: answer.headers, body: Data(answer.body.utf8)).isEmpty)

        let named = try mock.answer(request(.get, "/workflows/wf_1", headers: ["Prefer": "example=broken"]))
        #expect(try JSONValue(parsing: named.body) == ["id": "wf_1", "user": .null])
    }

    @Test func theFirstExampleThatFitsIsTheDefaultAnswer() throws {
        let fitting = "fitting: {value: {id: wf_2, state_variables: {step: 1}}}"
        let document = try OpenAPIDocument(yaml: Self.yaml.replacingOccurrences(of: "%@", with: fitting))
        let answer = try HTTPMock(openAPI: document).answer(request(.get, "/workflows/wf_2"))
        #expect(try JSONValue(parsing: answer.body) == ["id": "wf_2", "state_variables": ["step": 1]])
    }

    /// The same for an `example` or `default` on a schema the generator reaches (OpenAI's
    /// `Response`; `default: null` on an object; a string example of an object inside a `oneOf`
    /// branch, which the validator reports at the `oneOf`).
    @Test func aSchemaExampleThatViolatesItsSchemaIsNotGenerated() throws {
        let document = try OpenAPIDocument(yaml: """
            openapi: 3.1.0
            info: {title: Responses, version: '1'}
            paths:
              /responses/{id}:
                get:
                  operationId: getResponse
                  parameters:
                    - {name: id, in: path, required: true, schema: {type: string}}
                  responses:
                    '200':
                      description: A response
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Response'}
            components:
              schemas:
                Response:
                  type: object
                  required: [id, output, noise_reduction, source]
                  properties:
                    id: {type: string, example: resp_1}
                    user: {type: string}
                    output: {type: array, items: {type: string}}
                    noise_reduction: {type: object, default: null, properties: {type: {type: string}}}
                    source:
                      oneOf:
                        - {$ref: '#/components/schemas/CustomSource'}
                        - {type: string, enum: [logs]}
                  example: {id: resp_1, user: null, output: []}
                CustomSource:
                  type: object
                  required: [schema]
                  properties:
                    schema: {type: object, example: '{"type": "object"}'}
            """)
        let operation = try #require(document.operation(id: "getResponse"))
        let answer = try HTTPMock(openAPI: document).answer(request(.get, "/responses/resp_1"))
        let body = try JSONValue(parsing: answer.body)
        #expect(body["user"] != .null && body["output"]?.arrayValue != nil, "\(answer.body)")
        #expect(body["noise_reduction"]?.objectValue != nil && body["source"]?["schema"]?.objectValue != nil, "\(answer.body)")
        // The property's own example, which fits, is still used.
        #expect(body["id"] == "resp_1")
        #expect(operation.violations(ofResponseStatus: answer.status, headers: answer.headers, body: Data(answer.body.utf8)).isEmpty)
    }

    /// 3.0's `nullable: true` in a 3.1 document (OpenAI's `logit_bias`) allows `null`, as in
    /// 3.0: validation accepts it, and the version stays the document's.
    @Test func nullableInA31DocumentAllowsNull() throws {
        let document = try OpenAPIDocument(yaml: """
            openapi: 3.1.0
            info: {title: Completions, version: '1'}
            paths:
              /completions:
                post:
                  operationId: createCompletion
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema:
                          type: object
                          properties:
                            logit_bias: {type: object, nullable: true, additionalProperties: {type: integer}}
                            seed: {type: integer, nullable: false}
                  responses:
                    '200': {description: Done}
                get:
                  operationId: listCompletions
                  parameters:
                    - name: metadata
                      in: query
                      style: deepObject
                      explode: true
                      schema: {type: object, nullable: true, additionalProperties: {type: string}}
                    - name: openai-beta
                      in: header
                      schema: {type: array, items: {type: string, enum: [responses_multi_agent=v1]}}
                  responses:
                    '200': {description: Done}
            """)
        #expect(document.version == "3.1.0")
        let mock = HTTPMock(openAPI: document, options: OpenAPIStubOptions(validatesRequests: true))
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        #expect(try mock.answer(request(.post, "/completions", headers: json, body: #"{"logit_bias": null}"#)).status == 200)
        #expect(try mock.answer(request(.post, "/completions", headers: json, body: #"{"seed": null}"#)).status == 400)
        // A nullable deepObject query parameter is null when empty or `null` (OpenAI's `metadata`).
        for query in ["metadata=", "metadata=null", "metadata[team]=a"] {
            #expect(try mock.answer(request(.get, "/completions?" + query)).status == 200, "\(query)")
        }
        #expect(try mock.answer(request(.get, "/completions?metadata=x")).status == 400)
        // An array header sent empty is the empty array (OpenAI's optional `openai-beta`).
        #expect(try mock.answer(request(.get, "/completions", headers: ["openai-beta": ""])).status == 200)
        #expect(try mock.answer(request(.get, "/completions", headers: ["openai-beta": "other"])).status == 400)
    }

    /// A path key with a query (OpenAI's `/responses?beta=true`) is a variant of the operation
    /// for requests that carry that query: served and validated as its own operation, and
    /// winning over the plain path for them.
    @Test func aPathKeyWithAQueryIsAVariantForRequestsCarryingIt() throws {
        let operation = { (id: String, field: String) in """
                post:
                  operationId: \(id)
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: {type: object, required: [\(field)], properties: {\(field): {type: string}}}
                  responses:
                    '200':
                      description: Done
                      content:
                        application/json:
                          schema: {type: object, required: [variant], properties: {variant: {const: \(id)}}}
            """
        }
        let document = try OpenAPIDocument(yaml: """
            openapi: 3.1.0
            info: {title: Variants, version: '1'}
            paths:
              /things:
            \(operation("stable", "name"))
              /things?beta=true:
            \(operation("beta", "title"))
            """)
        let mock = HTTPMock(openAPI: document, options: OpenAPIStubOptions(validatesRequests: true))
        let json: HTTPHeaders = ["Content-Type": "application/json"]
        let beta = try mock.answer(request(.post, "/things?beta=true", headers: json, body: #"{"title": "t"}"#))
        #expect(beta.status == 200)
        #expect(try JSONValue(parsing: beta.body) == ["variant": "beta"])
        #expect(try mock.answer(request(.post, "/things", headers: json, body: #"{"title": "t"}"#)).status == 400)
        let stable = try mock.answer(request(.post, "/things", headers: json, body: #"{"name": "n"}"#))
        #expect(try JSONValue(parsing: stable.body) == ["variant": "stable"])
        #expect(document.violations(of: request(.post, "/things?beta=true", headers: json, body: #"{"title": "t"}"#)).isEmpty)
    }
}
