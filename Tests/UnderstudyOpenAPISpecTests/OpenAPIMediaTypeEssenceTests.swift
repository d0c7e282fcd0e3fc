import Foundation
import Testing
@testable import UnderstudyOpenAPI

/// The essence of a media type (type and subtype, lowercased, no parameters) is read on every
/// served request; ASCII values take a path without Foundation, which must agree with it.
struct OpenAPIMediaTypeEssenceTests {
    @Test(arguments: [
        ("application/json", "application/json"),
        ("Application/JSON; charset=utf-8", "application/json"),
        ("  text/plain\t", "text/plain"),
        ("\ttext/html ;q=1", "text/html"),
        ("", ""),
        (";", ""),
        (" ; x", ""),
        ("multipart/form-data; boundary=X", "multipart/form-data"),
        ("text/plain\u{2003}", "text/plain"),
    ])
    func theEssenceIsTheTypeAndSubtypeLowercased(contentType: String, essence: String) {
        #expect(OpenAPIMediaType.essence(contentType) == essence)
        // What it was before the ASCII path: the same for every value.
        let foundation = String(contentType.split(separator: ";", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        #expect(OpenAPIMediaType.essence(contentType) == foundation)
    }
}
