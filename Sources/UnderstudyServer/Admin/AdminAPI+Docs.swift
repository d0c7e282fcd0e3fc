import Understudy

extension AdminAPI {
    /// `GET /` (`/__admin/`): the stubs, as `GET /mappings` (WireMock's `RootTask`; older
    /// clients list stubs there).
    func root(_ request: RecordedRequest) throws(AdminError) -> ResponseDefinition {
        try listMappings(request)
    }

    /// `GET /docs/swagger`: the OpenAPI document of this admin API.
    func swaggerDocument() -> ResponseDefinition {
        ResponseDefinition(status: 200, headers: ["Content-Type": "application/json"], body: .text(AdminAPIDocument.json))
    }

    /// `GET /docs`: a page pointing at the OpenAPI document.
    func docsIndex() -> ResponseDefinition {
        let page = """
            <!doctype html>
            <html><head><meta charset="utf-8"><title>Understudy admin API</title></head>
            <body><h1>Understudy admin API</h1>
            <p>WireMock 3.13's admin API, as Understudy implements it:
            <a href="/__admin/docs/swagger">the OpenAPI document</a>.</p></body></html>

            """
        return ResponseDefinition(status: 200, headers: ["Content-Type": "text/html; charset=utf-8"], body: .text(page))
    }

    /// `GET /recorder`: WireMock's recorder web page, which Understudy does not serve; a 404
    /// that names the recordings API instead.
    func recorderPage() -> ResponseDefinition {
        let text = """
            Understudy has no recorder web page. Record with the recordings API: \
            POST /__admin/recordings/start with {"targetBaseUrl": "https://api.example.com"}, send your requests, \
            then POST /__admin/recordings/stop (or run `understudy record --target https://api.example.com`).

            """
        return ResponseDefinition(status: 404, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .text(text))
    }
}
