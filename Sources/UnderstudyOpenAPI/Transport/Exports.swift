// A user of the OpenAPI client transport stubs an `HTTPMock` and catches `UnmatchedRequestError`
// with `import UnderstudyOpenAPI` alone.
@_exported public import UnderstudyInProcess
@_exported public import Understudy
// `ClientTransport`, `ClientError` and `HTTPBody`, which a test of a generated client names.
@_exported public import OpenAPIRuntime
