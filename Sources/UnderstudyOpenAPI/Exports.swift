// `import UnderstudyOpenAPI` alone names `HTTPMock` (which `HTTPMock(openAPI:)`,
// `mock.validate(against:)` and `mock.clientTransport()` extend) and `UnmatchedRequestError`
// (what the client transport throws for a request no stub matches). OpenAPIRuntime is not
// re-exported: its `ServerSentEvent` would make Understudy's ambiguous in every file that
// imports this module.
@_exported public import UnderstudyInProcess
@_exported public import Understudy
