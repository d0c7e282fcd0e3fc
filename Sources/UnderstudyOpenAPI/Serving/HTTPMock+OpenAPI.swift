public import Understudy

extension HTTPMock {
    /// A mock answering every operation of an OpenAPI document (see ``stub(openAPI:options:)``).
    ///
    /// ```swift
    /// let document = try OpenAPIDocument(yaml: """
    ///     openapi: 3.1.0
    ///     info: {title: Pets, version: "1"}
    ///     paths:
    ///       /pets/{petId}:
    ///         get:
    ///           parameters:
    ///             - {name: petId, in: path, required: true, schema: {type: integer}}
    ///           responses:
    ///             "200":
    ///               description: A pet
    ///               content:
    ///                 application/json:
    ///                   example: {id: 1, name: Rex}
    ///     """)
    /// let mock = HTTPMock(openAPI: document)
    /// ```
    public convenience init(openAPI document: OpenAPIDocument, options: OpenAPIStubOptions = OpenAPIStubOptions(),
                            configuration: Configuration = Configuration()) {
        self.init(configuration: configuration)
        stub(openAPI: document, options: options)
    }

    /// Adds one stub per operation of the document and returns them.
    ///
    /// Each stub matches the operation's method and path template (a path parameter documented
    /// as an integer, number, boolean, enum or UUID only matches values of that type) and answers
    /// with the first documented 2XX response: its `example`, its first named example, or a body
    /// generated from its schema (the same for the same ``OpenAPIStubOptions/seed``). A request's
    /// `Prefer: code=404` header picks another documented response, `Prefer: example=notFound`
    /// a named example, `Prefer: dynamic=true` a body generated anew for each call. Documented
    /// response headers that are required or have an example are sent. The stubs have a low
    /// priority, so hand-written stubs win.
    ///
    /// With ``OpenAPIStubOptions/validatesRequests``, a request that violates the document gets a
    /// 400 whose body lists every violation (``OpenAPIViolationReport``); as in Prism, a path the
    /// document does not have gets a 404 and a documented path asked with another method a 405
    /// whose `Allow` names the path's methods, each with the same report. This replaces the
    /// mock's `onUnmatched` responder.
    @discardableResult
    public func stub(openAPI document: OpenAPIDocument, options: OpenAPIStubOptions = OpenAPIStubOptions()) -> [StubMapping] {
        let stubs = OpenAPIStubBuilder(document: document, options: options).stubs()
        stub(stubs)
        if options.validatesRequests {
            // Unowned: the mock holds its responder, and only the mock calls it.
            setUnmatchedResponder { [unowned self] request in
                let violations = document.violations(of: request)
                guard violations.isEmpty else {
                    let operation = document.operation(method: request.method, path: request.path)
                    let methods = document.operations(forPath: request.path).map(\.method)
                    return OpenAPIViolationReport(request: request, source: document.source, operation: operation, violations: violations)
                        .response(allowedMethods: methods.reduce(into: []) { if !$0.contains($1) { $0.append($1) } })
                }
                return HTTPMock.notFound(self.nearMisses(for: request))
            }
        }
        return stubs
    }
}
