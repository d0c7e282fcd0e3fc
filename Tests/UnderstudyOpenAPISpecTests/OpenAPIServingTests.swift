import Foundation
import Testing
import Understudy
@testable import UnderstudyOpenAPI

struct OpenAPIServingTests {
    @Test func eachOperationAnswersWithItsFirstExample() throws {
        let mock = HTTPMock(openAPI: try petstore())
        let answer = try mock.answer(request(.get, "/pets/1"))
        #expect(answer.status == 200)
        #expect(answer.headers["Content-Type"] == "application/json")
        #expect(try JSONValue(parsing: answer.body) == ["id": 1, "name": "Rex", "tag": "dog", "owner": nil])
    }

    @Test func preferPicksAnotherResponseOrANamedExample() throws {
        let mock = HTTPMock(openAPI: try petstore())
        let notFound = try mock.answer(request(.get, "/pets/1", headers: ["Prefer": "code=404"]))
        #expect(notFound.status == 404)
        #expect(try JSONValue(parsing: notFound.body) == ["code": 404, "message": "no pet with that id"])
        let tom = try mock.answer(request(.get, "/pets/2", headers: ["Prefer": "example=tom"]))
        #expect(tom.status == 200)
        #expect(try JSONValue(parsing: tom.body)["name"] == "Tom")
        // Prism's combined form, and an example alone finds the response that has it.
        #expect(try mock.answer(request(.get, "/pets/2", headers: ["Prefer": "code=404, example=notFound"])).status == 404)
        #expect(try mock.answer(request(.get, "/pets/2", headers: ["Prefer": "example=notFound"])).status == 404)
    }

    @Test func preferDynamicGeneratesABodyAnewForEachCall() throws {
        let document = try petstore()
        let mock = HTTPMock(openAPI: document)
        let operation = try #require(document.operation(id: "getPetById"))
        let first = try mock.answer(request(.get, "/pets/1", headers: ["Prefer": "dynamic=true"]))
        let second = try mock.answer(request(.get, "/pets/1", headers: ["Prefer": "dynamic=true"]))
        #expect(first.body != second.body)
        for answer in [first, second] {
            #expect(try JSONValue(parsing: answer.body)["name"] != "Rex")
            #expect(operation.violations(ofResponseStatus: answer.status, headers: answer.headers, body: Data(answer.body.utf8)).isEmpty)
        }
        // The same calls of a new mock with the same seed give the same bodies.
        let again = HTTPMock(openAPI: document)
        #expect(try again.answer(request(.get, "/pets/1", headers: ["Prefer": "dynamic=true"])).body == first.body)
    }

    @Test func preferACodeInADocumentedRangeAnswersWithThatCode() throws {
        let mock = HTTPMock(openAPI: try zoo())
        let answer = try mock.answer(request(.get, "/animals", headers: ["X-Zoo-Key": "k", "Prefer": "code=418"]))
        #expect(answer.status == 418)
        #expect(answer.headers["Content-Type"] == "application/problem+json")
        let problem = try JSONValue(parsing: answer.body)
        #expect(problem["title"]?.stringValue != nil && problem["status"]?.intValue != nil)
    }

    @Test func preferForSomethingUndocumentedSaysWhatIsDocumented() throws {
        let mock = HTTPMock(openAPI: try petstore())
        let teapot = try mock.answer(request(.get, "/pets/1", headers: ["Prefer": "code=418"]))
        #expect(teapot.status == 400)
        #expect(teapot.body == """
            Request violates petstore-3.0.yaml: GET /pets/1
            Operation: getPetById (GET /pets/{petId})

              ✗ Prefer: code=418 is not documented for getPetById; it documents 200, 404

            """)
        #expect(try mock.answer(request(.get, "/pets/1", headers: ["Prefer": "code=99999"])).body
            .contains("\n  ✗ Prefer: code=99999 is not an HTTP status; use a number from 100 to 599\n"))
        let unknown = try mock.answer(request(.get, "/pets/1", headers: ["Prefer": "example=felix"]))
        #expect(unknown.body.contains("\n  ✗ Prefer: example=felix is not an example of getPetById; it has rex (200), tom (200), notFound (404)\n"))
    }

    @Test func preferACodeThatIsNotANumberIsRefused() throws {
        let mock = HTTPMock(openAPI: try petstore())
        for code in ["abc", "404x", "4.04"] {
            let answer = try mock.answer(request(.get, "/pets/1", headers: ["Prefer": "code=\(code)"]))
            #expect(answer.status == 400)
            #expect(answer.body.contains("\n  ✗ Prefer: code=\(code) is not an HTTP status; use a number from 100 to 599\n"))
        }
    }

    @Test func anUnknownPreferenceIsAnUnknownExampleViolation() throws {
        let document = try petstore()
        let operation = try #require(document.operation(id: "getPetById"))
        let answers = OpenAPIAnswers(operation: operation, seed: 1)
        let answer = answers.response(to: request(.get, "/pets/1", headers: ["Prefer": "example=felix"]), source: document.source)
        #expect(answer.status == 400)
        guard case .text(let text) = answer.body else {
            Issue.record("expected a text body, got \(answer.body)")
            return
        }
        let violation = OpenAPIViolation(kind: .unknownExample, operation: "getPetById", subject: "Prefer",
                                         message: "example=felix is not an example of getPetById; it has rex (200), tom (200), notFound (404)")
        #expect(text == OpenAPIViolationReport(request: request(.get, "/pets/1"), source: document.source, operation: operation, violations: [violation]).text)
    }

    @Test func withoutAnExampleTheBodyIsGeneratedFromTheSchemaAndFitsIt() throws {
        let document = try zoo()
        let mock = HTTPMock(openAPI: document)
        let answer = try mock.answer(request(.get, "/keepers/6f1c2b1e-0d7a-4f43-9a53-1d2f6f0f8a11"))
        #expect(answer.status == 200)
        let keeper = try JSONValue(parsing: answer.body)
        let operation = try #require(document.operation(id: "getKeeper"))
        #expect(operation.violations(ofResponseStatus: 200, headers: answer.headers, body: Data(answer.body.utf8)).isEmpty)
        // Names and formats say what the fields are.
        #expect(keeper["email"]?.stringValue?.contains("@") == true)
        #expect(UUID(uuidString: keeper["id"]?.stringValue ?? "") != nil)
        #expect(keeper["hiredAt"]?.stringValue?.hasSuffix("Z") == true)
        #expect(keeper["firstName"]?.stringValue?.isEmpty == false)
    }

    @Test func generatedBodiesAreTheSameForASeedAndDifferForAnother() throws {
        let document = try zoo()
        func body(seed: UInt64) throws -> String {
            try HTTPMock(openAPI: document, options: OpenAPIStubOptions(seed: seed))
                .answer(request(.get, "/keepers/6f1c2b1e-0d7a-4f43-9a53-1d2f6f0f8a11")).body
        }
        #expect(try body(seed: 1) == body(seed: 1))
        #expect(try body(seed: 1) != body(seed: 2))
    }

    @Test func generatedOneOfBodiesCarryTheirDiscriminatorAndFitTheSchema() throws {
        let document = try zoo()
        let mock = HTTPMock(openAPI: document)
        let answer = try mock.answer(request(.get, "/animals", headers: ["X-Zoo-Key": "k"]))
        let animals = try #require(try JSONValue(parsing: answer.body).arrayValue)
        #expect(animals.count == 2)
        #expect(animals.allSatisfy { $0["kind"] == "cat" && $0["id"] != nil })
        #expect(animals.allSatisfy { $0["microchip"] == nil }, "a writeOnly property is never in an answer")
        let operation = try #require(document.operation(id: "listAnimals"))
        #expect(operation.violations(ofResponseStatus: 200, headers: answer.headers, body: Data(answer.body.utf8)).isEmpty)
    }

    @Test func documentedHeadersThatAreRequiredOrHaveAnExampleAreSent() throws {
        let answer = try HTTPMock(openAPI: try zoo()).answer(request(.get, "/animals", headers: ["X-Zoo-Key": "k"]))
        #expect(answer.headers["X-Rate-Limit"] == "100")
        #expect(Int(answer.headers["X-Total-Count"] ?? "") != nil)
    }

    @Test func aTextResponseIsServedAsText() throws {
        let answer = try HTTPMock(openAPI: try zoo()).answer(request(.get, "/health"))
        #expect(answer.headers["Content-Type"] == "text/plain")
        #expect(answer.body == "ok")
    }

    @Test func typedPathParametersOnlyMatchValuesOfTheirType() throws {
        let mock = HTTPMock(openAPI: try petstore())
        #expect(try mock.answer(request(.get, "/pets/abc")).status == 404)
        #expect(try mock.answer(request(.get, "/pets/mine")).status == 200)
        #expect(mock.serve(request(.get, "/pets/mine")).stub?.name == "OpenAPI listMyPets")
    }

    @Test func handWrittenStubsWinOverSpecStubs() throws {
        let mock = HTTPMock(openAPI: try petstore())
        mock.stub(.get(urlPath: "/pets/1"), .ok.json(["id": 1, "name": "Hand-written"]))
        #expect(try JSONValue(parsing: mock.answer(request(.get, "/pets/1")).body)["name"] == "Hand-written")
        #expect(try JSONValue(parsing: mock.answer(request(.get, "/pets/2")).body)["name"] == "Rex")
    }

    @Test func aValidatingMockAnswersViolationsWith400AndTheirList() throws {
        let mock = HTTPMock(openAPI: try petstore(), options: OpenAPIStubOptions(validatesRequests: true))
        let bad = try mock.answer(request(.post, "/pets", headers: ["Content-Type": "application/json"], body: #"{"name": 3}"#))
        #expect(bad.status == 400)
        #expect(bad.body == """
            Request violates petstore-3.0.yaml: POST /pets
            Operation: addPet (POST /pets)

              ✗ request body /name: string expected, got integer 3 (type at #/components/schemas/NewPet/properties/name/type)

            """)
        let good = try mock.answer(request(.post, "/pets", headers: ["Content-Type": "application/json"], body: #"{"name": "Rex"}"#))
        #expect(good.status == 201)
    }

    /// Prism's statuses: 404 for a path the document does not have, 405 with `Allow` for a
    /// documented path asked with another method, 400 for the rest; each with the report.
    @Test(arguments: [
        ("GET", "/pets?limit=500", 400, "query parameter limit: a number <= 100 expected, got 500"),
        ("GET", "/pets?status=lost", 400, "query parameter status /0:"),
        ("GET", "/pets/abc", 400, "path parameter petId: integer expected, got string \"abc\""),
        ("GET", "/owners", 404, "path: no path of petstore-3.0.yaml fits /owners"),
        ("PUT", "/pets/1", 405, "method: /pets/{petId} has no PUT operation; it has GET, DELETE"),
        ("POST", "/pets", 400, "request body: required, but the request has none"),
    ])
    func validationReportsEachKindOfViolation(method: String, url: String, status: Int, expected: String) throws {
        let mock = HTTPMock(openAPI: try petstore(), options: OpenAPIStubOptions(validatesRequests: true))
        let answer = try mock.answer(request(HTTPMethod(method), url))
        #expect(answer.status == status)
        #expect(answer.body.contains(expected), "\(answer.body)")
        #expect(answer.headers["Allow"] == (status == 405 ? "GET, DELETE" : nil))
        #expect(answer.headers["Understudy-OpenAPI-Violations"] == "1")
    }

    @Test func aRequiredHeaderParameterIsChecked() throws {
        let mock = HTTPMock(openAPI: try zoo(), options: OpenAPIStubOptions(validatesRequests: true))
        let missing = try mock.answer(request(.get, "/animals"))
        #expect(missing.status == 400)
        #expect(missing.body.contains("✗ header parameter X-Zoo-Key: required, but the request has none"))
        #expect(try mock.answer(request(.get, "/animals?kind=dog&page=2", headers: ["X-Zoo-Key": "k"])).status == 200)
    }

    /// Once an operation's answer is prepared (served again without running the responder),
    /// a request that violates the document still gets its 400.
    @Test func aPreparedAnswerIsNotGivenToAViolatingRequest() throws {
        let mock = HTTPMock(openAPI: try zoo(), options: OpenAPIStubOptions(validatesRequests: true))
        for _ in 0..<2 { #expect(try mock.answer(request(.get, "/animals", headers: ["X-Zoo-Key": "k"])).status == 200) }
        let missing = try mock.answer(request(.get, "/animals"))
        #expect(missing.status == 400)
        #expect(missing.body.contains("✗ header parameter X-Zoo-Key: required, but the request has none"))
    }

    @Test func aWrongContentTypeIsReported() throws {
        let mock = HTTPMock(openAPI: try zoo(), options: OpenAPIStubOptions(validatesRequests: true))
        let answer = try mock.answer(request(.post, "/animals", headers: ["Content-Type": "text/plain"], body: "a cat"))
        #expect(answer.body.contains("✗ request body: Content-Type text/plain is not accepted; the operation takes application/json"))
    }

    @Test func withoutValidationAViolatingRequestStillGetsTheSpecAnswer() throws {
        let mock = HTTPMock(openAPI: try petstore())
        #expect(try mock.answer(request(.post, "/pets", body: #"{"name": 3}"#)).status == 201)
        #expect(try mock.answer(request(.get, "/owners")).status == 404)
    }
}

/// Shapes met in real documents (OpenAI's, as bundled with swift-openapi-generator's examples).
struct OpenAPIRealWorldShapeTests {
    static let yaml = """
        openapi: 3.0.3
        info: {title: Modes, version: "1"}
        paths:
          /mode:
            get:
              parameters:
              responses:
                "200":
                  description: The mode
                  content:
                    application/json:
                      schema:
                        type: object
                        required: [mode]
                        properties:
                          mode:
                            allOf:
                              - $ref: "#/components/schemas/Mode"
                              - nullable: true
        components:
          schemas:
            Mode:
              oneOf:
                - {type: string, enum: [auto]}
                - {type: object, required: [kind], properties: {kind: {type: string}}}
        """

    @Test func anEmptyParametersMemberMeansNone() throws {
        let document = try OpenAPIDocument(yaml: Self.yaml)
        #expect(document.operations.first?.parameters.isEmpty == true)
    }

    @Test func anAllOfOfAReferenceAndNullableGeneratesTheReferencedValue() throws {
        let document = try OpenAPIDocument(yaml: Self.yaml)
        let answer = try HTTPMock(openAPI: document).answer(request(.get, "/mode"))
        #expect(try JSONValue(parsing: answer.body) == ["mode": "auto"])
        let operation = try #require(document.operations.first)
        #expect(operation.violations(ofResponseStatus: 200, headers: answer.headers, body: Data(answer.body.utf8)).isEmpty)
        #expect(operation.violations(ofResponseStatus: 200, headers: answer.headers, body: Data(#"{"mode": null}"#.utf8)).isEmpty)
    }
}

struct OpenAPIFormBodyTests {
    static let yaml = """
        openapi: 3.1.0
        info: {title: Forms, version: "1"}
        paths:
          /pets/create:
            post:
              requestBody:
                required: true
                content:
                  application/x-www-form-urlencoded:
                    schema:
                      type: object
                      required: [name, photoUrls]
                      properties:
                        name: {type: string}
                        photoUrls: {type: array, items: {type: string}}
                        age: {type: integer, minimum: 0}
                        tags: {type: array, items: {type: string}}
                        sizes: {type: array, items: {type: string, maxLength: 8}}
                        owners: {type: array, items: {type: object, required: [id], properties: {id: {type: integer}}}}
              responses:
                "204": {description: Created}
        """

    /// A form body's properties are `style: form, explode: true` (the Encoding Object's
    /// defaults): one field is one array item, commas and all, and a JSON-encoded item is an object.
    @Test func oneFieldIsOneArrayItem() throws {
        let operation = try #require(try OpenAPIDocument(yaml: Self.yaml).operations.first)
        let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        #expect(operation.violations(of: request(.post, "/pets/create", headers: form, body: "name=Rex&tags=Rex,the,dog")).isEmpty)
        let owner = "owners=" + #"{"id":1,"name":"Ada"}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        #expect(operation.violations(of: request(.post, "/pets/create", headers: form, body: "name=Rex&" + owner)).isEmpty)
        // Each field is checked as one item: the long one fails, not pieces of it.
        let long = operation.violations(of: request(.post, "/pets/create", headers: form, body: "name=Rex&sizes=small&sizes=very,very,large"))
        #expect(long.map(\.instancePath) == ["/sizes/1"])
    }

    /// A form has no way to write an empty array, so a required array with no field is empty
    /// (Swagger's Petstore requires `photoUrls`; schemathesis sends a pet without any).
    @Test func aRequiredArrayWithNoFieldIsEmpty() throws {
        let operation = try #require(try OpenAPIDocument(yaml: Self.yaml).operations.first)
        let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        #expect(operation.violations(of: request(.post, "/pets/create", headers: form, body: "name=Rex")).isEmpty)
        #expect(operation.violations(of: request(.post, "/pets/create", headers: form, body: "photoUrls=a")).map(\.keyword) == ["required"])
    }

    /// An empty body sent as a form is a form with no fields, whose required fields are missing.
    @Test func anEmptyFormIsAFormWithNoFields() throws {
        let operation = try #require(try OpenAPIDocument(yaml: Self.yaml).operations.first)
        let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        #expect(operation.violations(of: request(.post, "/pets/create", headers: form)).map(\.description) == [
            "request body: the property \"name\" is required (required at #/paths/~1pets~1create/post/requestBody/content/application~1x-www-form-urlencoded/schema/required)",
        ])
        #expect(operation.violations(of: request(.post, "/pets/create")).map(\.description) == ["request body: required, but the request has none"])
    }

    @Test func aFormBodyIsReadAsAnObjectOfTypedFields() throws {
        let operation = try #require(try OpenAPIDocument(yaml: Self.yaml).operations.first)
        let form: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        #expect(operation.violations(of: request(.post, "/pets/create", headers: form, body: "name=Rex&age=3&tags=a&tags=b")).isEmpty)
        let bad = operation.violations(of: request(.post, "/pets/create", headers: form, body: "age=old"))
        #expect(bad.map(\.description) == [
            "request body: the property \"name\" is required (required at #/paths/~1pets~1create/post/requestBody/content/application~1x-www-form-urlencoded/schema/required)",
            "request body /age: integer expected, got string \"old\" (type at #/paths/~1pets~1create/post/requestBody/content/application~1x-www-form-urlencoded/schema/properties/age/type)",
        ])
    }
}

/// A document mounted under its server's path, as clients with a server URL like
/// `https://api.example.com/v1` send `/v1/pets/1`.
struct OpenAPIMountedTests {
    static let yaml = """
        openapi: 3.1.0
        info: {title: Mounted, version: "1"}
        servers:
          - url: https://api.example.com/v1/
          - url: /v1
          - url: https://staging.example.com
        paths:
          /pets/{petId}:
            get:
              parameters:
                - {name: petId, in: path, required: true, schema: {type: integer}}
              responses:
                "200":
                  description: A pet
                  content:
                    application/json:
                      schema: {type: object, required: [id], properties: {id: {type: integer}}}
                      example: {id: 1}
        """

    @Test func theServersPathsAreListed() throws {
        #expect(try OpenAPIDocument(yaml: Self.yaml).serverBasePaths == ["/v1"])
    }

    @Test func aMountedDocumentServesValidatesAndChecksUnderItsPath() throws {
        let document = try OpenAPIDocument(yaml: Self.yaml).mounted(at: "v1/")
        #expect(document.basePath == "/v1")
        let mock = HTTPMock(openAPI: document, options: OpenAPIStubOptions(validatesRequests: true))
        #expect(try mock.answer(request(.get, "/v1/pets/1")).status == 200)
        #expect(try mock.answer(request(.get, "/pets/1")).body.contains("✗ path: no path of openapi.yaml fits /pets/1"))
        #expect(try mock.answer(request(.get, "/v1/pets/x")).body.contains("✗ path parameter petId: integer expected"))
        mock.stub(.get(urlPath: "/v1/pets/2"), .ok.json(["id": "two"]))
        #expect(mock.validate(against: document).findings.first?.violations.first?.instancePath == "/id")
        // Only the request a stub answered counts; the two the validation refused went unmatched.
        #expect(mock.openAPICoverage(document).operations.first?.requests == 1)
    }
}

struct OpenAPISelfReferenceTests {
    @Test func aSchemaThatRefersToItselfWithoutNestingStillGetsAnAnswer() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: Loops, version: "1"}
            paths:
              /node:
                get:
                  responses:
                    "200":
                      description: A node
                      content:
                        application/json:
                          schema: {$ref: "#/components/schemas/Node"}
            components:
              schemas:
                Node:
                  anyOf:
                    - $ref: "#/components/schemas/Node"
                    - {type: string}
            """
        let document = try OpenAPIDocument(yaml: yaml)
        let answer = try HTTPMock(openAPI: document).answer(request(.get, "/node"))
        #expect(answer.status == 200)
        // The alternative that does not loop back: a string, which fits the schema.
        #expect(try JSONValue(parsing: answer.body).stringValue != nil)
        let operation = try #require(document.operations.first)
        #expect(operation.violations(ofResponseStatus: answer.status, headers: answer.headers, body: Data(answer.body.utf8)).isEmpty)
    }

    /// One GET /tree answering `schema`, with `components` as the document's schemas.
    static func document(schema: String, components: String) throws -> OpenAPIDocument {
        try OpenAPIDocument(yaml: """
            openapi: 3.1.0
            info: {title: Trees, version: "1"}
            paths:
              /tree:
                get:
                  responses:
                    "200":
                      description: A tree
                      content:
                        application/json:
                          schema: \(schema)
            components:
              schemas:
            \(components)
            """)
    }

    /// Counts the values in a JSON value, itself included.
    static func count(_ value: JSONValue) -> Int {
        switch value {
        case .object(let object): 1 + object.reduce(0) { $0 + count($1.value) }
        case .array(let items): 1 + items.reduce(0) { $0 + count($1) }
        default: 1
        }
    }

    @Test func aNodeWithManyOptionalSelfReferencesGetsLeavesAndFitsItsSchema() throws {
        // Five optional children would make 5^8 nodes if each were generated down to the depth limit.
        let document = try Self.document(schema: ##"{$ref: "#/components/schemas/Node"}"##, components: """
                Node:
                  type: object
                  required: [name, children]
                  properties:
                    name: {type: string}
                    left: {$ref: "#/components/schemas/Node"}
                    right: {$ref: "#/components/schemas/Node"}
                    up: {$ref: "#/components/schemas/Node"}
                    down: {allOf: [{$ref: "#/components/schemas/Node"}]}
                    next: {anyOf: [{$ref: "#/components/schemas/Node"}, {type: "null"}]}
                    children: {type: array, items: {$ref: "#/components/schemas/Node"}}
            """)
        let answer = try HTTPMock(openAPI: document).answer(request(.get, "/tree"))
        #expect(answer.status == 200)
        let node = try JSONValue(parsing: answer.body)
        #expect(node["name"]?.stringValue != nil)
        #expect(node["children"] == [])
        #expect(node["left"] == nil && node["next"] == nil)
        let operation = try #require(document.operations.first)
        #expect(operation.violations(ofResponseStatus: answer.status, headers: answer.headers, body: Data(answer.body.utf8)).isEmpty)
    }

    @Test func aSubtypeThatIncludesItsOwnPolymorphicParentGetsTheParentsMembersOnce() throws {
        let document = try Self.document(schema: ##"{$ref: "#/components/schemas/Pet"}"##, components: """
                Pet:
                  type: object
                  required: [petType, name]
                  properties:
                    petType: {type: string}
                    name: {type: string}
                  discriminator: {propertyName: petType}
                  oneOf:
                    - $ref: "#/components/schemas/Cat"
                    - $ref: "#/components/schemas/Dog"
                Cat:
                  allOf:
                    - $ref: "#/components/schemas/Pet"
                    - {type: object, required: [meows], properties: {meows: {type: boolean}}}
                Dog:
                  allOf:
                    - $ref: "#/components/schemas/Pet"
                    - {type: object, required: [barks], properties: {barks: {type: boolean}}}
            """)
        let pet = try JSONValue(parsing: try HTTPMock(openAPI: document).answer(request(.get, "/tree")).body)
        #expect(pet["petType"] == "Cat")
        #expect(pet["name"]?.stringValue != nil)
        #expect(pet["meows"]?.boolValue != nil)
        #expect(pet["barks"] == nil)
    }

    @Test func pastTheBudgetOnlyRequiredMembersAreMade() throws {
        // 40 × 40 × 40 cells: more than the budget, so later rows lose their optional notes but
        // keep what the schema requires.
        let document = try Self.document(schema: ##"{$ref: "#/components/schemas/Grid"}"##, components: """
                Grid:
                  type: object
                  required: [rows]
                  properties:
                    rows:
                      type: array
                      minItems: 40
                      items:
                        type: object
                        required: [cells]
                        properties:
                          note: {type: string}
                          cells: {type: array, minItems: 40, items: {type: array, minItems: 40, items: {type: integer}}}
            """)
        let answer = try HTTPMock(openAPI: document).answer(request(.get, "/tree"))
        let rows = try #require(try JSONValue(parsing: answer.body)["rows"]?.arrayValue)
        #expect(rows.count == 40)
        #expect(rows.first?["note"] != nil)
        #expect(rows.last?["note"] == nil)
        #expect(rows.last?["cells"]?.arrayValue?.count == 40)
        let operation = try #require(document.operations.first)
        #expect(operation.violations(ofResponseStatus: answer.status, headers: answer.headers, body: Data(answer.body.utf8)).isEmpty)
    }

    @Test func nestedHugeArraysStopAtTheHardLimit() throws {
        // 1 000^3 values asked for; the mock still answers, with at most about the hard limit made.
        let document = try Self.document(
            schema: "{type: array, minItems: 1000, items: {type: array, minItems: 1000, items: {type: array, minItems: 1000, items: {type: integer}}}}",
            components: "    Unused: {type: string}")
        let answer = try HTTPMock(openAPI: document).answer(request(.get, "/tree"))
        #expect(answer.status == 200)
        let body = try JSONValue(parsing: answer.body)
        #expect(body.arrayValue?.count == 1_000)
        #expect(Self.count(body) <= OpenAPIValueGenerator.hardLimit + 3 * OpenAPIValueGenerator.maximumItems)
    }
}

struct OpenAPICatastrophicPatternTests {
    @Test func aBacktrackingPatternDoesNotHangGeneration() throws {
        // `([a-z]+)+[0-9]+$` backtracks exponentially on the 5 000 letters the minLength asks
        // for; BoundedRegex gives up on that candidate, the short ones do not fit minLength, and
        // the generator answers with the long text rather than hang.
        let document = try OpenAPISelfReferenceTests.document(
            schema: #"{type: string, minLength: 5000, pattern: "^([a-z]+)+[0-9]+$|^ABC$"}"#, components: "    Unused: {type: string}")
        let answer = try HTTPMock(openAPI: document).answer(request(.get, "/tree"))
        #expect(answer.status == 200)
        #expect(try JSONValue(parsing: answer.body).stringValue?.count ?? 0 >= 5000)
    }
}

struct OpenAPIPatternTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func generatedStringsFitCommonPatterns(seed: UInt64) throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: Patterns, version: "1"}
            paths:
              /price:
                get:
                  responses:
                    "200":
                      description: A price
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [currency, sku, zip, ref]
                            properties:
                              currency: {type: string, pattern: "^[A-Z]{3}$"}
                              sku: {type: string, pattern: "^[a-z]+-[0-9]+$"}
                              zip: {type: string, pattern: "^[0-9]{5}$"}
                              ref: {type: string, pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"}
            """
        let document = try OpenAPIDocument(yaml: yaml)
        let answer = try HTTPMock(openAPI: document, options: OpenAPIStubOptions(seed: seed)).answer(request(.get, "/price"))
        let operation = try #require(document.operations.first)
        let violations = operation.violations(ofResponseStatus: 200, headers: answer.headers, body: Data(answer.body.utf8))
        #expect(violations.isEmpty, "\(answer.body): \(violations)")
    }
}

struct OpenAPINumberBoundsTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func generatedNumbersFitTheirBounds(seed: UInt64) throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: Numbers, version: "1"}
            paths:
              /numbers:
                get:
                  responses:
                    "200":
                      description: Numbers
                      content:
                        application/json:
                          schema:
                            type: object
                            required: [huge, step, open, negative, small]
                            properties:
                              huge: {type: integer, minimum: 1e300}
                              step: {type: integer, multipleOf: 5, minimum: -12, maximum: 12}
                              open: {type: number, exclusiveMinimum: 0, exclusiveMaximum: 0.01}
                              negative: {type: integer, exclusiveMaximum: -7}
                              small: {type: number, minimum: 2.5, maximum: 2.5}
            """
        let document = try OpenAPIDocument(yaml: yaml)
        let answer = try HTTPMock(openAPI: document, options: OpenAPIStubOptions(seed: seed)).answer(request(.get, "/numbers"))
        let body = try JSONValue(parsing: answer.body)
        let violations = try #require(document.operations.first)
            .violations(ofResponseStatus: 200, headers: answer.headers, body: Data(answer.body.utf8))
            .filter { $0.instancePath != "/huge" }  // 1e300 is past what is generated (2^53 - 1): checked below
        #expect(violations.isEmpty, "\(answer.body): \(violations)")
        #expect(body["huge"]?.intValue == 9_007_199_254_740_991)
        #expect(body["small"] == 2.5)
    }
}

struct OpenAPIOutlandishSchemaTests {
    @Test func outlandishSizesAreCappedNotObeyedOrTrappedOn() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: Sizes, version: "1"}
            paths:
              /sizes:
                get:
                  responses:
                    "200":
                      description: Sizes
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              many: {type: array, minItems: 100000000, items: {type: integer}}
                              none: {type: array, maxItems: -1, items: {type: integer}}
                              long: {type: string, minLength: 100000000}
                              short: {type: string, maxLength: -3}
            """
        let answer = try HTTPMock(openAPI: try OpenAPIDocument(yaml: yaml)).answer(request(.get, "/sizes"))
        let body = try JSONValue(parsing: answer.body)
        #expect(body["many"]?.arrayValue?.count == 1_000)
        #expect(body["none"] == [])
        #expect(body["long"]?.stringValue.map { $0.count >= 10_000 && $0.count < 10_100 } == true)
        #expect(body["short"] == "")
    }
}

struct OpenAPIAcceptTests {
    static let yaml = """
        openapi: 3.1.0
        info: {title: Exports, version: "1"}
        paths:
          /pets:
            get:
              responses:
                "200":
                  description: The pets
                  content:
                    application/json:
                      example: [{id: 1, name: Rex}]
                    text/csv:
                      example: "id,name\\n1,Rex\\n"
                    application/pdf:
                      schema: {type: string, format: binary}
        """

    @Test(arguments: [
        ("text/csv", "text/csv"), ("text/*", "text/csv"), ("application/json", "application/json"), ("*/*", "application/json"),
        ("application/pdf, text/csv;q=0.5", "application/pdf"), ("application/pdf;q=0.4, text/csv;q=0.5", "text/csv"),
        ("text/csv;q=0, application/json", "application/json"), ("", "application/json"),
        // Quality order, not written order; the most specific range gives a type its quality.
        ("text/csv, application/json;q=0.1", "text/csv"), ("application/json;q=0.5, text/*", "text/csv"),
        ("*/*, application/json;q=0.2", "text/csv"), ("text/*;q=0.1, */*", "application/json"),
        ("application/json, text/csv", "application/json"), ("image/png", "application/json"),
    ])
    func acceptChoosesAmongTheDocumentedMediaTypes(accept: String, expected: String) throws {
        let mock = HTTPMock(openAPI: try OpenAPIDocument(yaml: Self.yaml))
        let answer = try mock.answer(request(.get, "/pets", headers: accept.isEmpty ? [:] : ["Accept": accept]))
        #expect(answer.headers["Content-Type"] == expected)
        if expected == "text/csv" { #expect(answer.body == "id,name\n1,Rex\n") }
    }

    /// Answers are prepared once per `Prefer` and `Accept` values and given again: each request
    /// still gets what a new mock would answer it, past the number of answers kept too.
    @Test func preparedAnswersFollowEachRequestsNegotiation() throws {
        let document = try OpenAPIDocument(yaml: Self.yaml)
        let mock = HTTPMock(openAPI: document)
        let fresh = (0..<70).map { "application/json;q=0.5, text/x-\($0)" }
        let accepts = ["text/csv", "", "application/json", "application/pdf, text/csv;q=0.5", "text/csv", ""] + fresh + ["text/csv", "", "*/*"]
        var generator = SystemRandomNumberGenerator()
        for accept in accepts {
            let request = request(.get, "/pets", headers: accept.isEmpty ? [:] : ["Accept": accept])
            let expected = try HTTPMock(openAPI: document).answer(request)
            guard case let .respond(head, body) = mock.respond(to: request, using: &generator).plan.action else {
                Issue.record("no answer for Accept: \(accept)")
                continue
            }
            #expect(head.headers["Content-Type"] == expected.headers["Content-Type"], "\(accept)")
            #expect(String(decoding: body.data, as: UTF8.self) == expected.body, "\(accept)")
        }
    }

    @Test func aPreparedDefaultAnswerIsNotGivenToAPreference() throws {
        let mock = HTTPMock(openAPI: try petstore())
        var generator = SystemRandomNumberGenerator()
        func status(_ headers: HTTPHeaders) -> Int? {
            guard case let .respond(head, _) = mock.respond(to: request(.get, "/pets/1", headers: headers), using: &generator).plan.action else { return nil }
            return head.status
        }
        #expect(status([:]) == 200)
        #expect(status([:]) == 200)
        #expect(status(["Prefer": "code=404"]) == 404)
        #expect(status(["Prefer": "code=418"]) == 400)
        #expect(status(["Prefer": "code=404"]) == 404)
        #expect(status([:]) == 200)
        let dynamic = (0..<2).map { _ in mock.serve(request(.get, "/pets/1", headers: ["Prefer": "dynamic=true"])).response.body }
        #expect(dynamic[0] != dynamic[1])
    }
}
