import Testing

/// What the macro generates for a small protocol, pinned as text.
struct GeneratedTextTests {
    @Test func aFunctionAndAProperty() {
        assertExpansion(
            """
            @Mockable
            protocol Clock {
                var zone: String { get }
                func now() throws -> Int
            }
            """,
            expandedSource: #"""
            protocol Clock {
                var zone: String { get }
                func now() throws -> Int
            }

            #if MOCKING || DEBUG
            nonisolated final class MockClock: Clock, UnderstudyMocks.MockableService, UnderstudyMocks.StaticallyMockable {
                nonisolated let mocker: UnderstudyMocks.Mocker
                /// A mock with its own state; `policy` defaults to the task's `MockerPolicy.default`.
                nonisolated init(policy: UnderstudyMocks.MockerPolicy? = nil, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column) {
                    self.mocker = UnderstudyMocks.Mocker(name: "MockClock", policy: policy, location: UnderstudyMocks.MockSourceLocation(fileID: fileID, filePath: filePath, line: line, column: column))
                }
                nonisolated init(policy: UnderstudyMocks.MockerPolicy?, location: UnderstudyMocks.MockSourceLocation) {
                    self.mocker = UnderstudyMocks.Mocker(name: "MockClock", policy: policy, location: location)
                }
                nonisolated static let staticMockers = UnderstudyMocks.StaticMockers()
                nonisolated static var staticMocker: UnderstudyMocks.Mocker? {
                    staticMockers.current
                }
                class ReturnBuilder: UnderstudyMocks.MockBuilder {
                    func now() -> UnderstudyMocks.ThrowingFunctionReturnBuilder<ReturnBuilder, Int, any Error, @Sendable () throws -> Int> {
                        .init(self.mocker, UnderstudyMocks.MockMember(#"now()"#, key: #"func now() throws -> Int"#, kind: .call), [])
                    }
                    var zone: UnderstudyMocks.FunctionReturnBuilder<ReturnBuilder, String, @Sendable () -> String> {
                        .init(self.mocker, UnderstudyMocks.MockMember(#"zone"#, key: #"var zone: String"#, kind: .get))
                    }
                }
                class ActionBuilder: UnderstudyMocks.MockBuilder {
                    func now() -> UnderstudyMocks.FunctionActionBuilder<ActionBuilder> {
                        .init(self.mocker, UnderstudyMocks.MockMember(#"now()"#, key: #"func now() throws -> Int"#, kind: .call), [])
                    }
                    var zone: UnderstudyMocks.FunctionActionBuilder<ActionBuilder> {
                        .init(self.mocker, UnderstudyMocks.MockMember(#"zone"#, key: #"var zone: String"#, kind: .get))
                    }
                }
                class VerifyBuilder: UnderstudyMocks.MockBuilder {
                    func now() -> UnderstudyMocks.FunctionVerifyBuilder<VerifyBuilder> {
                        .init(self.mocker, UnderstudyMocks.MockMember(#"now()"#, key: #"func now() throws -> Int"#, kind: .call), [])
                    }
                    var zone: UnderstudyMocks.FunctionVerifyBuilder<VerifyBuilder> {
                        .init(self.mocker, UnderstudyMocks.MockMember(#"zone"#, key: #"var zone: String"#, kind: .get))
                    }
                }
            }
            #endif

            nonisolated extension Clock where Self: UnderstudyMocks.MockableService {
                #if MOCKING || DEBUG
                func now() throws -> Int {
                    try self.mocker.call(
                        UnderstudyMocks.MockMember(#"now()"#, key: #"func now() throws -> Int"#, kind: .call),
                        [],
                        returning: (Int).self,
                        throwing: (any Error).self,
                        produce: { (producer: @Sendable () throws -> Int) throws(any Error) -> Int in
                            try producer()
                        })
                }
                var zone: String {
                    get {
                        self.mocker.call(
                            UnderstudyMocks.MockMember(#"zone"#, key: #"var zone: String"#, kind: .get),
                            [],
                            returning: (String).self,
                            throwing: (Never).self,
                            produce: { (producer: @Sendable () -> String) -> String in
                                producer()
                            })
                    }
                }
                #endif
            }
            """#)
    }
}
