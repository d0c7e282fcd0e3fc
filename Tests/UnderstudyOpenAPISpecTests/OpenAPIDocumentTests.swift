import Foundation
import Testing
import Understudy
@testable import UnderstudyOpenAPI

struct OpenAPIDocumentTests {
    @Test func readsThe30YAMLDocumentWithItsOperationsInOrder() throws {
        let document = try petstore()
        #expect(document.version == "3.0.3")
        #expect(document.operations.map(\.label) == ["listPets", "addPet", "listMyPets", "getPetById", "deletePet"])
        let get = try #require(document.operation(id: "getPetById"))
        #expect(get.method == .get)
        #expect(get.path == "/pets/{petId}")
        // The path-level parameter is merged with the operation's header parameter.
        #expect(get.parameters.map { "\($0.location.rawValue) \($0.name) \($0.required)" } == ["path petId true", "header X-Request-Id false"])
        #expect(get.responses.map(\.status) == ["200", "404"])
        #expect(get.responses[0].content.first?.examples.map(\.name) == ["rex", "tom"])
        #expect(document.warnings.isEmpty)
    }

    @Test func readsThe31JSONDocumentAndFollowsResponseReferences() throws {
        let document = try zoo()
        #expect(document.version == "3.1.0")
        let list = try #require(document.operation(id: "listAnimals"))
        #expect(list.responses.map(\.status) == ["200", "4XX"])
        // "4XX" is a $ref to components/responses/Problem.
        #expect(list.responses[1].content.map(\.contentType) == ["application/problem+json"])
        #expect(list.response(forStatus: 418)?.status == "4XX")
        #expect(list.response(forStatus: 500) == nil)
        #expect(list.successResponse?.status == "200")
    }

    @Test func aConcretePathComesBeforeATemplatedOne() throws {
        let document = try petstore()
        #expect(document.operation(method: .get, path: "/pets/mine")?.label == "listMyPets")
        #expect(document.operation(method: .get, path: "/pets/7")?.label == "getPetById")
    }

    @Test func nullableOf30BecomesANullType() throws {
        let document = try petstore()
        let schema = try #require(document.operation(id: "addPet")?.requestBody?.content.first?.schema)
        #expect(schema.validate(["name": "Rex", "tag": nil]).isEmpty)
        #expect(schema.validate(["name": "Rex", "tag": 3]).map(\.keyword) == ["type"])
        // nullable beside an allOf of a $ref (OpenAPIKitCompat alone makes this unsatisfiable).
        let pet = try #require(document.operation(id: "getPetById")?.successResponse?.content.first?.schema)
        #expect(pet.validate(["id": 1, "name": "Rex", "owner": nil]).isEmpty)
        #expect(pet.validate(["id": 1, "name": "Rex", "owner": ["email": "ada@example.com"]]).isEmpty)
        #expect(!pet.validate(["id": 1, "name": "Rex", "owner": ["firstName": "Ada"]]).isEmpty)
    }

    @Test func aBooleanExclusiveMinimumOf30BecomesANumber() throws {
        let schema = try #require(try petstore().operation(id: "addPet")?.requestBody?.content.first?.schema)
        #expect(schema.validate(["name": "Rex", "weight": 0.5]).isEmpty)
        #expect(schema.validate(["name": "Rex", "weight": 0]).map(\.keyword) == ["exclusiveMinimum"])
    }

    @Test func propertiesAndResponsesNamedLikeDataKeywordsAreConvertedFrom30() throws {
        let yaml = """
            openapi: 3.0.3
            info: {title: x, version: "1"}
            paths:
              /things:
                get:
                  responses:
                    "200":
                      description: ok
                      content:
                        application/json:
                          schema:
                            type: object
                            properties:
                              value: {type: string, nullable: true}
                              default: {type: number, minimum: 0, exclusiveMinimum: true}
                            example: {value: {nullable: true}}
                    default:
                      description: a problem
                      content:
                        application/json:
                          schema: {type: object, properties: {code: {type: integer, nullable: true}}}
            """
        let document = try OpenAPIDocument(yaml: yaml)
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        let get = try #require(document.operation(method: .get, path: "/things"))
        let ok = try #require(get.successResponse?.content.first?.schema)
        #expect(ok.validate(["value": nil, "default": 1]).isEmpty)
        #expect(ok.validate(["default": 0]).map(\.keyword) == ["exclusiveMinimum"])
        let problem = try #require(get.responses.first { $0.status == "default" }?.content.first?.schema)
        #expect(problem.validate(["code": nil]).isEmpty)
        #expect(problem.validate(["code": "E1"]).map(\.keyword) == ["type"])
        // An example is data: it stays as written.
        let example = document.json["paths"]?["/things"]?["get"]?["responses"]?["200"]?["content"]?["application/json"]?["schema"]?["example"]
        #expect(example == ["value": ["nullable": true]])
    }

    @Test func yamlScalarsAreReadByTheYAML12CoreSchema() throws {
        let yaml = """
            openapi: 3.1.0
            info:
              title: x
              version: "1"
              x-values:
                country: NO
                switch: on
                answer: yes
                time: 12:30
                zip: 01234
                underscored: 1_000
                yaml11Octal: 0777
                capitalTrue: True
                quotedTrue: "true"
                quotedNumber: '7'
                tilde: ~
                empty:
                hex: 0x1F
                octal: 0o17
                float: 1.5e3
                negative: -12
                infinity: .inf
                big: 123456789012345678901234567890
              x-enum: [NO, SE]
            paths: {}
            """
        let document = try OpenAPIDocument(yaml: yaml)
        let values = try #require(document.json["info"]?["x-values"]?.objectValue)
        let expected: [(String, JSONValue)] = [
            ("country", "NO"), ("switch", "on"), ("answer", "yes"), ("time", "12:30"), ("zip", 1234), ("underscored", "1_000"),
            ("yaml11Octal", 777), ("capitalTrue", true), ("quotedTrue", "true"), ("quotedNumber", "7"), ("tilde", nil), ("empty", nil),
            ("hex", 31), ("octal", 15), ("float", 1500), ("negative", -12), ("infinity", ".inf"),
            ("big", .number(JSONNumber(text: "123456789012345678901234567890"))),
        ]
        for (name, value) in expected { #expect(values[name] == value, "\(name)") }
        // Numbers are read from the scalar's text, so a large one keeps its digits.
        guard case .number(let big)? = values["big"] else { Issue.record("big is \(String(describing: values["big"]))"); return }
        #expect(big.text == "123456789012345678901234567890")
        #expect(document.json["info"]?["x-enum"] == ["NO", "SE"])
    }

    @Test func readOnlyDeclaredInAnotherAllOfPartIsNotRequiredOfRequests() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: x, version: "1"}
            components:
              schemas:
                NewPet:
                  type: object
                  required: [name]
                  properties:
                    id: {type: integer, readOnly: true}
                    name: {type: string}
                Pet:
                  allOf:
                    - $ref: '#/components/schemas/NewPet'
                    - required: [id]
            paths:
              /pets:
                post:
                  requestBody:
                    required: true
                    content:
                      application/json:
                        schema: {$ref: '#/components/schemas/Pet'}
                  responses:
                    "201":
                      description: created
                      content:
                        application/json:
                          schema: {$ref: '#/components/schemas/Pet'}
                put:
                  requestBody:
                    content:
                      application/json:
                        schema:
                          allOf:
                            - properties: {id: {type: integer, readOnly: true}}
                            - required: [id, name]
                  responses:
                    "204": {description: done}
            """
        let document = try OpenAPIDocument(yaml: yaml)
        let post = try #require(document.operation(method: .post, path: "/pets"))
        let sent = try #require(post.requestBody?.content.first?.schema)
        let answered = try #require(post.successResponse?.content.first?.schema)
        #expect(sent.validate(["name": "Rex"]).isEmpty)
        #expect(answered.validate(["name": "Rex"]).map(\.message) == ["the property \"id\" is required"])
        let put = try #require(document.operation(method: .put, path: "/pets")?.requestBody?.content.first?.schema)
        #expect(put.validate(["name": "Rex"]).isEmpty)
        #expect(put.validate(["id": 1]).map(\.message) == ["the property \"name\" is required"])
    }

    @Test func schemaFailuresPointIntoTheDocument() throws {
        let document = try petstore()
        let schema = try #require(document.operation(id: "addPet")?.requestBody?.content.first?.schema)
        let failures = schema.validate(["tag": "dog"])
        #expect(failures.map(\.keyword) == ["required"])
        #expect(failures.first?.schemaPath == "#/components/schemas/NewPet/required")
    }

    @Test func aDiscriminatorChoosesTheOneSchemaToCheck() throws {
        let document = try zoo()
        let schema = try #require(document.operation(id: "addAnimal")?.requestBody?.content.first?.schema)
        #expect(schema.validate(["kind": "cat", "name": "Tom", "lives": 9, "microchip": "981"]).isEmpty)
        #expect(schema.validate(["kind": "dog", "name": "Rex", "goodBoy": true, "tricks": [["name": "sit", "difficulty": "easy"]]]).isEmpty)
        // A cat missing its lives fails as a cat, not as "matches neither".
        let cat = schema.validate(["kind": "cat", "name": "Tom", "microchip": "981"])
        #expect(cat.map(\.keyword) == ["required"])
        #expect(cat.first?.schemaPath == "#/components/schemas/Cat/required")
        // A value the mapping does not name fails its enum.
        #expect(schema.validate(["kind": "cow", "name": "Daisy"]).map(\.keyword) == ["enum"])
        // An array item of a dog is checked too.
        let trick = schema.validate(["kind": "dog", "name": "Rex", "goodBoy": true, "tricks": [["name": "sit", "difficulty": "medium"]]])
        #expect(trick.map(\.instancePath) == ["/tricks/0/difficulty"])
    }

    @Test func readOnlyIsNotRequiredOfRequestsNorWriteOnlyOfResponses() throws {
        let document = try zoo()
        let request = try #require(document.operation(id: "addAnimal")?.requestBody?.content.first?.schema)
        let response = try #require(document.operation(id: "addAnimal")?.successResponse?.content.first?.schema)
        let sent: JSONValue = ["kind": "cat", "name": "Tom", "lives": 9, "microchip": "981"]
        let answered: JSONValue = ["id": 7, "kind": "cat", "name": "Tom", "lives": 9]
        #expect(request.validate(sent).isEmpty)
        #expect(response.validate(answered).isEmpty)
        #expect(request.validate(answered).map(\.message) == ["the property \"microchip\" is required"])
        #expect(response.validate(sent).map(\.message) == ["the property \"id\" is required"])
    }

    @Test func malformedYAMLNamesFileLineAndColumn() throws {
        let error = #expect(throws: OpenAPIDocumentError.self) {
            try OpenAPIDocument(yaml: "openapi: 3.1.0\ninfo:\n  title: x\n   version: 1\n", source: "broken.yaml")
        }
        #expect(error?.source == "broken.yaml")
        #expect(error?.location?.line == 4)
        #expect(error?.description.hasPrefix("broken.yaml:4:") == true)
    }

    @Test func malformedJSONNamesLineAndColumn() throws {
        let error = #expect(throws: OpenAPIDocumentError.self) {
            try OpenAPIDocument(data: Data("{\n  \"openapi\": \"3.1.0\",\n  \"info\": {\"title\": \"x\" \"version\": \"1\"}\n}".utf8), source: "broken.json")
        }
        #expect(error?.location == JSONSourceLocation(line: 3, column: 25))
        #expect(error?.message.contains("not valid JSON") == true)
    }

    @Test func aStructuralProblemNamesWhereItIs() throws {
        let yaml = """
            openapi: 3.0.3
            info:
              title: x
              version: "1"
            paths:
              /pets:
                get:
                  responses: 12
            """
        let error = #expect(throws: OpenAPIDocumentError.self) { try OpenAPIDocument(yaml: yaml, source: "bad.yaml") }
        #expect(error?.pointer.hasPrefix("/paths/~1pets/get") == true)
        #expect(error?.location?.line == 8)
    }

    @Test func aVersionThatIsANumberSaysToQuoteIt() throws {
        let error = #expect(throws: OpenAPIDocumentError.self) { try OpenAPIDocument(yaml: "openapi: 3.1\ninfo: {}\n", source: "v.yaml") }
        #expect(error?.description == "v.yaml:1:10: at /openapi: `openapi` must be a version string such as \"3.1.0\", not 3.1; quote it in YAML")
    }

    @Test func aMissingVersionSaysHowToFixIt() throws {
        let error = #expect(throws: OpenAPIDocumentError.self) { try OpenAPIDocument(yaml: "swagger: '2.0'\ninfo: {}\n") }
        #expect(error?.message.contains("Swagger 2.0") == true)
    }

    @Test func aSchemaTheValidatorRefusesIsKeptUncheckedWithAWarning() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: x, version: "1"}
            paths:
              /pets:
                post:
                  requestBody:
                    content:
                      application/json:
                        schema: {type: object, unevaluatedProperties: false}
                  responses:
                    "204": {description: ok}
            """
        let document = try OpenAPIDocument(yaml: yaml)
        #expect(document.warnings.count == 1)
        #expect(document.warnings.first?.hasPrefix("/paths/~1pets/post/requestBody/content/application~1json/schema: schema not checked") == true)
        #expect(document.operations.first?.requestBody?.content.first?.schema?.validate(["extra": 1]).isEmpty == true)
    }

    @Test func aReferenceToAnotherFileSaysToBundle() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: x, version: "1"}
            paths:
              /pets:
                $ref: "./pets.yaml#/pets"
            """
        let error = #expect(throws: OpenAPIDocumentError.self) { try OpenAPIDocument(yaml: yaml, source: "root.yaml") }
        #expect(error?.description == "root.yaml:5:5: at /paths/~1pets: the $ref ./pets.yaml#/pets points into another file; Understudy reads one-file documents (bundle it first, for example with `redocly bundle`)")
    }

    @Test func aReferenceThatDoesNotResolveIsAnError() throws {
        let yaml = """
            openapi: 3.1.0
            info: {title: x, version: "1"}
            paths:
              /pets:
                get:
                  responses:
                    "200": {$ref: "#/components/responses/Missing"}
            """
        let error = #expect(throws: OpenAPIDocumentError.self) { try OpenAPIDocument(yaml: yaml) }
        #expect(error?.message.contains("#/components/responses/Missing") == true)
    }
}

/// OpenAPI 3.0-style polymorphism: a base with a discriminator, subtypes that extend it by `allOf`.
struct OpenAPIInheritanceTests {
    static let yaml = """
        openapi: 3.0.3
        info: {title: Inheritance, version: "1"}
        paths:
          /pets/{id}:
            get:
              parameters:
                - {name: id, in: path, required: true, schema: {type: integer}}
              responses:
                "200":
                  description: A pet
                  content:
                    application/json:
                      schema: {$ref: "#/components/schemas/Pet"}
        components:
          schemas:
            Pet:
              type: object
              required: [name, petType]
              properties:
                name: {type: string}
                petType: {type: string}
              discriminator:
                propertyName: petType
            Cat:
              allOf:
                - $ref: "#/components/schemas/Pet"
                - type: object
                  required: [huntingSkill]
                  properties:
                    huntingSkill: {type: string, enum: [lazy, aggressive]}
            Dog:
              allOf:
                - $ref: "#/components/schemas/Pet"
                - type: object
                  required: [packSize]
                  properties:
                    packSize: {type: integer, minimum: 0}
        """

    @Test func theDiscriminatorChecksTheSubtypeItNames() throws {
        let document = try OpenAPIDocument(yaml: Self.yaml)
        let schema = try #require(document.operations.first?.successResponse?.content.first?.schema)
        #expect(schema.validate(["name": "Tom", "petType": "Cat", "huntingSkill": "lazy"]).isEmpty)
        #expect(schema.validate(["name": "Rex", "petType": "Dog", "packSize": 2]).isEmpty)
        let cat = schema.validate(["name": "Tom", "petType": "Cat", "packSize": 2])
        #expect(cat.map(\.schemaPath) == ["#/components/schemas/Cat/allOf/1/required"])
        // The base's own keywords still hold, named as the base.
        let nameless = schema.validate(["petType": "Dog", "packSize": 2])
        #expect(nameless.map(\.schemaPath) == ["#/components/schemas/Pet/required"])
        // A subtype alone is checked once, without dispatching again.
        let dog = try OpenAPIDocument(yaml: Self.yaml.replacingOccurrences(of: "$ref: \"#/components/schemas/Pet\"}", with: "$ref: \"#/components/schemas/Dog\"}"))
        let dogSchema = try #require(dog.operations.first?.successResponse?.content.first?.schema)
        #expect(dogSchema.validate(["name": "Rex", "petType": "Dog", "packSize": -1]).map(\.keyword) == ["minimum"])
    }
}
