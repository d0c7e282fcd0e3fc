/// Starts the answers of `service`: `given(mock).fetch(for: .any).willReturn(product)`.
public func given<Service: MockableService>(_ service: Service) -> Service.ReturnBuilder {
    Service.ReturnBuilder(mocker: service.mocker)
}

/// Starts the side effects of `service`: `when(mock).fetch(for: .any).perform { }`.
public func when<Service: MockableService>(_ service: Service) -> Service.ActionBuilder {
    Service.ActionBuilder(mocker: service.mocker)
}

/// Starts the verifications of `service`: `verify(mock).fetch(for: .any).called(.once)`.
public func verify<Service: MockableService>(_ service: Service) -> Service.VerifyBuilder {
    Service.VerifyBuilder(mocker: service.mocker)
}

/// Starts the answers of the static requirements of the mock type `service`, inside
/// ``MockableService/withStaticMocks(policy:fileID:filePath:line:column:_:)``.
public func given<Service: MockableService>(_ service: Service.Type, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Service.ReturnBuilder {
    Service.ReturnBuilder(mocker: Service.staticMockerOrReport(MockSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
}

/// Starts the side effects of the static requirements of the mock type `service`.
public func when<Service: MockableService>(_ service: Service.Type, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Service.ActionBuilder {
    Service.ActionBuilder(mocker: Service.staticMockerOrReport(MockSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
}

/// Starts the verifications of the static requirements of the mock type `service`.
public func verify<Service: MockableService>(_ service: Service.Type, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) -> Service.VerifyBuilder {
    Service.VerifyBuilder(mocker: Service.staticMockerOrReport(MockSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)))
}
