// `import UnderstudyPact` alone names the core's types its API takes and returns (`HTTPMock`,
// `StubMapping`, `JSONValue`).
@_exported public import Understudy
