// `import UnderstudyServer` alone names the engine's types (`HTTPMock`, `RecordedRequest`,
// ...), which the server's public API takes and returns.
@_exported public import Understudy
// Recording (`Recorder`, `RecordSpec`, `RecordingResult`), which the server's record mode and
// admin API take and return.
@_exported public import UnderstudyRecording
// WebSockets (`MessageHub`, message stubs), whose sockets the server holds.
@_exported public import UnderstudyMessaging
// The other features whose mapping JSON the server reads (`MappingExtensions.understudy`), so
// that `import UnderstudyServer` names what its stubs may use.
@_exported public import UnderstudyGraphQL
@_exported public import UnderstudyLLM
@_exported public import UnderstudyNetworkProfiles
