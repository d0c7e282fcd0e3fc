// `import UnderstudyRecording` alone names the core's types its API takes and returns
// (`HTTPMock`, `StubMapping`, `MappingsRoot`).
@_exported public import Understudy
