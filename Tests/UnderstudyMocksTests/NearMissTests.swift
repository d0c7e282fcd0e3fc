import Foundation
import Testing
import UnderstudyMocks

struct BasicTests {
    @Test func givenAnswersAndVerifyCounts() throws {
        let mock = MockFileSystemProviding()
        let a = URL(fileURLWithPath: "/a")
        given(mock).read(from: .value(a)).willReturn(Data("x".utf8))
        given(mock).fileExists(atPath: .any).willReturn(true)
        #expect(try mock.read(from: a) == Data("x".utf8))
        #expect(mock.fileExists(atPath: "/z"))
        verify(mock).read(from: .value(a)).called(.once).fileExists(atPath: .matching { $0.hasPrefix("/") }).called(1)
    }

    @Test func unexpectedCallIsANearMiss() throws {
        let mock = MockFileSystemProviding()
        given(mock).read(from: .value(URL(fileURLWithPath: "/a"))).willReturn(Data())
        expectingIssues {
            #expect(throws: MockError.self) { try mock.read(from: URL(fileURLWithPath: "/b")) }
        }
        #expect(mock.mocker.unexpectedCalls == [
            """
            MockFileSystemProviding: unexpected call read(from: file:///b): no given matches it
            Nearest given 1 of 1: given read(from: file:///a)
              ✗ from: expected file:///a, got file:///b
            Answer it with given(mock).read(…).willReturn(…), or make the mock with a relaxed MockerPolicy.
            """,
        ])
    }
}
