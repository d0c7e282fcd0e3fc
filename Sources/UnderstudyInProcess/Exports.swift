// On Linux `URLSession`, `URLRequest` and `URLResponse` live in FoundationNetworking, not
// Foundation. The in-process transports take and return them, so their users (through
// `UnderstudyClient`, `UnderstudyURLSession` and `UnderstudyTesting`) get them without a
// platform check of their own. Apple platforms declare them in Foundation.
#if canImport(FoundationNetworking)
@_exported public import FoundationNetworking
#endif
