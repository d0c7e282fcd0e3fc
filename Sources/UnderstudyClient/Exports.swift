// On Linux `URLSession`, `URLRequest`, `URLResponse` and `HTTPURLResponse` live in
// FoundationNetworking, not Foundation. This module's API takes and returns them (`HTTPClient`
// and `URLSession`'s conformance, `APIClient.makeRequest`, `URLSession.stream(for:)`,
// `UnderstudyEnvironment.sessionConfiguration`), so an app target that imports it and
// Foundation alone gets them without a platform check of its own (Examples/AppSideOnly, which
// CI builds and tests, is such a target). Apple platforms declare them in Foundation.
#if canImport(FoundationNetworking)
@_exported public import FoundationNetworking
#endif
