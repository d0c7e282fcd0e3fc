import Foundation
import Testing
@testable import Understudy

/// Stubs of an exact operation are indexed by it (so many operation stubs cost little per
/// request); the index must keep WireMock's order across buckets and forget removed stubs.
struct OperationStubSelectionTests {
    @Test func operationURLAndPatternStubsInterleaveByPriorityAndAge() {
        let mock = HTTPMock()
        mock.stub(.operation("getPet"), .ok.body("operation, oldest"))
        #expect(mock.serve(sent(.get, "/pets/1", operationId: "getPet")).response.body == .text("operation, oldest"))
        mock.stub(.get(urlPath: "/pets/1"), .ok.body("urlPath, newer"))
        #expect(mock.serve(sent(.get, "/pets/1", operationId: "getPet")).response.body == .text("urlPath, newer"))
        mock.stub(.operation("getPet"), .ok.body("operation, priority 1"), priority: 1)
        #expect(mock.serve(sent(.get, "/pets/1", operationId: "getPet")).response.body == .text("operation, priority 1"))
        mock.stub(RequestPattern(url: .urlPathPattern("/pets/.*")), .ok.body("pattern, priority 1, newest"), priority: 1)
        #expect(mock.serve(sent(.get, "/pets/1", operationId: "getPet")).response.body == .text("pattern, priority 1, newest"))
        #expect(mock.serve(sent(.get, "/elsewhere", operationId: "getPet")).response.body == .text("operation, priority 1"))
    }

    @Test func manyOperationStubsStillFindTheRightOne() {
        let mock = HTTPMock()
        mock.stub((0..<2_000).map { StubMapping(.operation("op\($0)"), .ok.body("op \($0)")) })
        #expect(mock.serve(sent(.get, "/x", operationId: "op1234")).response.body == .text("op 1234"))
        #expect(mock.serve(sent(.get, "/x", operationId: "op2000")).stub == nil)
        #expect(mock.serve(sent(.get, "/x", operationId: nil)).stub == nil)
    }

    @Test func patternsThatAreNotAnExactOperationStillMatch() {
        let mock = HTTPMock()
        mock.stub(.operation(.equalToIgnoringCase("GETPET")), .ok.body("ignoring case"))
        mock.stub(.operation(.matches("list.*")), .ok.body("regex"))
        mock.stub(.operation(.absent), .ok.body("no operation"))
        #expect(mock.serve(sent(.get, "/a", operationId: "getPet")).response.body == .text("ignoring case"))
        #expect(mock.serve(sent(.get, "/a", operationId: "listPets")).response.body == .text("regex"))
        #expect(mock.serve(sent(.get, "/a", operationId: nil)).response.body == .text("no operation"))
    }

    @Test func aRemovedOrEditedOperationStubIsForgotten() throws {
        let mock = HTTPMock()
        let stub = mock.stub(.operation("addPet"), .created)
        #expect(mock.serve(sent(.post, "/pets", operationId: "addPet")).wasMatched)
        try mock.editStub(StubMapping(id: stub.id, .operation("addPets"), .created))
        #expect(!mock.serve(sent(.post, "/pets", operationId: "addPet")).wasMatched)
        #expect(mock.serve(sent(.post, "/pets", operationId: "addPets")).wasMatched)
        mock.removeStub(id: stub.id)
        #expect(!mock.serve(sent(.post, "/pets", operationId: "addPets")).wasMatched)
    }
}
