public import Understudy

extension HTTPMock {
    /// Checks this mock's stubs against an OpenAPI document (see
    /// ``OpenAPIDocument/drift(of:locations:globalTemplating:bodyData:)``): every stub whose request
    /// cannot occur under the document or whose response violates it.
    ///
    /// ```swift
    /// let report = mock.validate(against: document)
    /// #expect(report.isClean, "\(report)")
    /// ```
    public func validate(against document: OpenAPIDocument) -> OpenAPIDriftReport {
        document.drift(of: stubMappings, globalTemplating: configuration.globalTemplating) { try bodyData(for: $0) }
    }
}
