// `import UnderstudyTLS` alone names the server and engine types HTTPS settings are used with
// (`MockServer`, `MockServerConfiguration`, `HTTPMock`).
@_exported public import Understudy
@_exported public import UnderstudyServer
