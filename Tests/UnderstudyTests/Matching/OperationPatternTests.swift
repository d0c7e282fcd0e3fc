import Foundation
import Testing
@testable import Understudy

/// The `operationId` request field: an Understudy extension (WireMock has no OpenAPI
/// operations) that the OpenAPI client transport fills from the generated client's `operationID`.
struct OperationPatternTests {
    /// A request an OpenAPI client sent for `operationId`.
    @Test func anOperationMatchesWhateverTheMethodAndURL() {
        let pattern = RequestPattern.operation("getPetById")
        #expect(pattern.matches(sent(.get, "/pets/1", operationId: "getPetById")))
        #expect(pattern.matches(sent(.delete, "/anything?else=1", operationId: "getPetById")))
        #expect(!pattern.matches(sent(.get, "/pets/1", operationId: "listPets")))
        #expect(!pattern.matches(sent(.get, "/pets/1", operationId: nil)), "a request sent for no operation has none to match")
        #expect(!pattern.matches(sent(.get, "/pets/1", operationId: "getpetbyid")), "operation ids compare exactly")
    }

    @Test func anOperationCanBeAnyStringPattern() {
        let pattern = RequestPattern.operation(.matches("list.*"))
        #expect(pattern.matches(sent(.get, "/pets", operationId: "listPets")))
        #expect(!pattern.matches(sent(.get, "/pets", operationId: "getPetById")))
        #expect(RequestPattern.operation(.absent).matches(sent(.get, "/pets", operationId: nil)))
        #expect(!RequestPattern.operation(.absent).matches(sent(.get, "/pets", operationId: "listPets")))
    }

    @Test func anOperationNarrowsAnOrdinaryPattern() {
        let pattern = RequestPattern.get(urlPath: "/pets").operation("listPets")
        #expect(pattern.matches(sent(.get, "/pets", operationId: "listPets")))
        #expect(!pattern.matches(sent(.get, "/pets", operationId: nil)))
        #expect(!pattern.matches(sent(.get, "/cats", operationId: "listPets")))
        #expect(RequestPattern.get(urlPath: "/pets").matches(sent(.get, "/pets", operationId: "listPets")),
                "a pattern that names no operation ignores the request's")
    }

    @Test func theDescriptionNamesTheOperation() {
        #expect(RequestPattern.operation("addPet").description == #"operationId equalTo "addPet""#)
        #expect(RequestPattern.operation("addPet").header("Accept", .contains("json")).description
            == #"operationId equalTo "addPet" with header Accept contains "json""#)
        #expect(RequestPattern.post(urlPath: "/pets").operation("addPet").description
            == #"POST urlPath "/pets" with operationId equalTo "addPet""#)
        #expect(sent(.get, "/pets/1", operationId: "getPetById").description == "GET /pets/1 (operation getPetById)")
        #expect(sent(.get, "/pets/1", operationId: nil).description == "GET /pets/1")
    }

    /// The operation weighs what a URL does: a stub for another operation is further away than
    /// a stub for the same operation that wants another header.
    @Test func anotherOperationIsFurtherThanAnotherHeader() {
        let request = sent(.get, "/pets/1", operationId: "getPetById")
        let otherOperation = RequestPattern.operation("addPet").header("Accept", .equalTo("application/json"))
        let otherHeader = RequestPattern.operation("getPetById").header("Accept", .equalTo("text/plain"))
        #expect(otherOperation.match(request).distance > otherHeader.match(request).distance)
    }

    @Test func aNearMissReportNamesTheOperation() {
        let mock = HTTPMock()
        mock.stub(StubMapping(id: fixedID(1), name: "Pet", .operation("getPetById"), .ok))
        let report = mock.nearMisses(for: sent(.get, "/pets/1", operationId: "listPets"))
        #expect(report.text == """
            No stub matched GET /pets/1 (operation listPets)

            Nearest stub 1 of 1: "Pet" (id 00000000-0000-0000-0000-000000000001), distance 0.54
              ✗ operationId: expected equalTo "getPetById", got "listPets"
              ✓ method: GET

            """)
        let unsent = mock.nearMisses(for: sent(.get, "/pets/1", operationId: nil))
        #expect(unsent.text.contains(#"✗ operationId: expected equalTo "getPetById", got (none: the request was not sent for an OpenAPI operation)"#))
    }

    @Test func verificationCountsByOperationAndNamesIt() throws {
        let mock = HTTPMock()
        mock.stub(.operation("addPet"), .created)
        _ = mock.serve(sent(.post, "/pets", operationId: "addPet"))
        _ = mock.serve(sent(.get, "/pets", operationId: "listPets"))
        try mock.verify(.exactly(1), .operation("addPet"))
        try mock.verify(.never, .operation("getPetById"))
        let failure = try #require(mock.verificationFailure(.exactly(2), .operation("addPet")))
        #expect(failure.description.hasPrefix("""
            Expected exactly 2 request(s) matching operationId equalTo "addPet"
            but received 1.
            Requests received (2):
              1. POST /pets (operation addPet)
              2. GET /pets (operation listPets)
            """))
    }
}
