// On Linux `URLSession`, `URLRequest` and `URLResponse` live in FoundationNetworking, not
// Foundation. The in-process transports take and return them, so their users (through
// `UnderstudyURLSession` and `UnderstudyTesting`) get them without a platform check of their
// own. Apple platforms declare them in Foundation.
#if canImport(FoundationNetworking)
@_exported public import FoundationNetworking
#endif
// `HTTPMock` conforms to the app side's `HTTPClient`, and `withMocking` extends its
// `APIClient`: a test names the mock, the engine and the networking layer with this import alone.
@_exported public import UnderstudyClient
@_exported public import Understudy
