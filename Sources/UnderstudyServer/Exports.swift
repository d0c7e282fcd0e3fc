// `import UnderstudyServer` alone names the engine's types (`HTTPMock`, `RecordedRequest`,
// `RecordSpec`, `RecordingResult`, ...), which the server's public API takes and returns.
@_exported public import Understudy
