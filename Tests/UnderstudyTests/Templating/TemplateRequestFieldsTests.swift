import Foundation
import Testing
@testable import Understudy
import UnderstudySupport
@testable import UnderstudyTemplating

/// Templates build only the request fields they read; what they print must not change.
struct TemplateRequestFieldsTests {
    @Test(arguments: [
        ("plain text", []),
        ("{{request.path.[1]}} {{request.query.who}} {{math 1 '+' 2}}", ["path", "query"]),
        ("{{REQUEST.Headers.x}}{{request.[bodyAsBase64]}}", ["headers", "bodyAsBase64"]),
        ("{{#each request.query.multi}}{{this}}{{@index}}{{/each}}", ["query"]),
        ("{{#with request.headers}}{{../request.method}}{{/with}}", ["headers", "method"]),
        ("{{#if (eq (jsonPath request.body '$.a') 1)}}{{request.cookies.c}}{{else}}{{parameters.x}}{{/if}}", ["body", "cookies"]),
        ("{{val request.nothing default=request.clientIp}}", ["clientIp"]),
        ("{{#each (array 1) as |request|}}{{request}}{{/each}}", nil), // a block parameter named request: built whole
        ("{{request}}", nil),
        ("{{{request}}}", nil),
        ("{{#each request}}{{@key}}{{/each}}", nil),
        ("{{lookup request 'path'}}", nil),
        ("{{lookup (request) 'path'}}", nil),
        ("{{this}}", nil),
        ("{{#each (array 1)}}{{this}}{{/each}}", []),
        ("{{#each (array 1)}}{{../this}}{{/each}}", nil),
        ("{{#if true}}{{this}}{{/if}}", nil),
        ("{{#with request.query}}{{else}}{{this}}{{/with}}", nil),
    ] as [(String, [String]?)])
    func fieldsATemplateReads(_ text: String, _ names: [String]?) throws {
        let fields = TemplateRequestFields(readBy: try Template(parsing: text))
        if let names {
            #expect(TemplateRequestModel.Field.allCases.filter(fields.contains).map(\.name) == TemplateRequestModel.Field.allCases.map(\.name).filter(names.contains))
        } else {
            #expect(fields == .everything)
        }
    }

    /// Each template renders the same against the lazily built model as against the whole one.
    @Test(arguments: [
        "{{{request}}}",
        "{{#each request}}{{@key}};{{/each}}",
        "{{size request}}",
        "{{lookup request 'method'}}",
        "{{{lookup this 'request'}}}",
        "{{{this}}}",
        "{{#with request}}{{#with headers}}{{../method}}{{/with}}{{/with}}",
        "{{REQUEST.METHOD}} {{request.QUERY.search}} {{request.pathsegments.[0]}}",
        "{{#each request.query.multi}}{{this}}{{/each}}{{request.method}}",
        "{{#each (array 1)}}{{../request.method}}{{{../this}}}{{/each}}",
        "{{#each request.headers}}{{@key}}={{this}};{{/each}}",
        "{{request.path}}|{{request.path.[0]}}|{{request.pathSegments}}",
    ])
    func lazyModelRendersLikeTheWholeOne(_ text: String) throws {
        var whole = TemplateRequestModel(templatedRequest, urlPattern: nil)
        whole.include(.everything)
        var context = TemplateValue.JSONObjectValue()
        context.append("request", whole.value)
        context.append("parameters", .object(.init()))
        var renderer = TemplateRenderer(context: .object(context), generator: SplitMix64(seed: 1))
        let expected = try renderer.render(Template(parsing: text))
        #expect(renderTemplate(text).body == expected)
    }

    /// A later template that sees the whole object sees every field, in order, even when an
    /// earlier one (the body) built some of them first.
    @Test func aLaterTemplateSeesTheWholeObjectInOrder() throws {
        let mock = HTTPMock()
        mock.stub(.anyRequest, ResponseDefinition.ok.body("{{request.query.search}}").header("X-All", "{{{request}}}").templated())
        let response = mock.serve(templatedRequest).response
        var whole = TemplateRequestModel(templatedRequest, urlPattern: nil)
        whole.include(.everything)
        #expect(response.body == .text("WireMock"))
        #expect(response.headers["X-All"] == whole.value.text)
        #expect(response.headers["X-All"]?.hasPrefix(#"{"id":"#) == true)
    }

    @Test func aBodyFileReadsFieldsItsNameDidNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fields-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = MappingsRoot(folder)
        try root.writeBodyFile(named: "7.txt", Data("{{request.headers.X-Multi.[1]}} {{request.method}}".utf8))
        let mock = HTTPMock(configuration: .init(root: root))
        mock.stub(.anyRequest, .ok.bodyFile("{{request.query.id}}.txt").templated())
        let request = RecordedRequest(method: .put, url: "/u?id=7", headers: ["X-Multi": "a", "X-Multi": "b"])
        #expect(mock.serve(request).response.body == .text("b PUT"))
    }
}
