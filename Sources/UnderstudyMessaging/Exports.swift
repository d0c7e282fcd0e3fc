// `import UnderstudyMessaging` alone names the core's types its API takes and returns
// (`HTTPMock`, `RequestPattern`, `ResponseDefinition`).
@_exported public import Understudy
