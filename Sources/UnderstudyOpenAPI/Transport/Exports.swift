// A user of the OpenAPI client transport stubs an `HTTPMock` and catches `UnmatchedRequestError`
// with `import UnderstudyOpenAPI` alone. OpenAPIRuntime is not re-exported: its
// `ServerSentEvent` would make Understudy's ambiguous in every file that imports this module.
@_exported public import UnderstudyInProcess
@_exported public import Understudy
