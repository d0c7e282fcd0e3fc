import Foundation
import Testing
import UnderstudySupport
@testable import Understudy

struct RequestPatternTests {
    @Test func methodMatchesExactlyOrAny() {
        #expect(RequestPattern.get(urlPath: "/a").matches(request(.get, "/a")))
        #expect(!RequestPattern.get(urlPath: "/a").matches(request(.post, "/a")))
        #expect(RequestPattern.any(urlPath: "/a").matches(request("PROPFIND", "/a")))
        #expect(!RequestPattern.get(urlPath: "/a").matches(request("get", "/a")))
    }

    @Test func headersCompareNamesCaseInsensitively() {
        let pattern = RequestPattern.get(urlPath: "/a").header("content-type", .contains("json"))
        #expect(pattern.matches(request(.get, "/a", headers: ["Content-Type": "application/json"])))
        #expect(!pattern.matches(request(.get, "/a", headers: ["Content-Type": "text/plain"])))
        #expect(!pattern.matches(request(.get, "/a")))
    }

    @Test func absentHeaderMustBeMissing() {
        let pattern = RequestPattern.get(urlPath: "/a").header("X-Debug", .absent)
        #expect(pattern.matches(request(.get, "/a")))
        #expect(!pattern.matches(request(.get, "/a", headers: ["x-debug": "1"])))
    }

    @Test func multiValuedHeaders() {
        let headers: HTTPHeaders = HTTPHeaders([("X-Tag", "a"), ("X-Tag", "b")])
        #expect(RequestPattern.get(urlPath: "/").header("X-Tag", .hasExactly("a", "b")).matches(request(.get, "/", headers: headers)))
        #expect(!RequestPattern.get(urlPath: "/").header("X-Tag", .hasExactly("a")).matches(request(.get, "/", headers: headers)))
        #expect(RequestPattern.get(urlPath: "/").header("X-Tag", .includes("b")).matches(request(.get, "/", headers: headers)))
    }

    @Test func queryParametersAreDecodedAndMultiValued() {
        let pattern = RequestPattern.get(urlPath: "/search")
            .queryParameter("q", .equalTo("swift testing"))
            .queryParameter("tag", .hasExactly("a", "b"))
            .queryParameter("debug", .absent)
        #expect(pattern.matches(request(.get, "/search?q=swift+testing&tag=a&tag=b")))
        #expect(pattern.matches(request(.get, "/search?tag=b&q=swift%20testing&tag=a")))
        #expect(!pattern.matches(request(.get, "/search?q=swift+testing&tag=a")))
        #expect(!pattern.matches(request(.get, "/search?q=swift+testing&tag=a&tag=b&debug=1")))
    }

    @Test func cookies() {
        let pattern = RequestPattern.get(urlPath: "/").cookie("session", .matches("[a-f0-9]+")).cookie("theme", .absent)
        #expect(pattern.matches(request(.get, "/", headers: ["Cookie": "a=1; session=beef01"])))
        #expect(!pattern.matches(request(.get, "/", headers: ["Cookie": "session=beef01; theme=dark"])))
        #expect(!pattern.matches(request(.get, "/", headers: ["Cookie": "session=nothex"])))
    }

    @Test func formParameters() {
        let pattern = RequestPattern.post(urlPath: "/login").formParameter("user", "ada lovelace").formParameter("remember", .absent)
        let headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
        #expect(pattern.matches(request(.post, "/login", headers: headers, body: "user=ada+lovelace&password=x")))
        #expect(!pattern.matches(request(.post, "/login", headers: headers, body: "user=ada&password=x")))
        #expect(!pattern.matches(request(.post, "/login", headers: headers, body: "user=ada+lovelace&remember=on")))
    }

    @Test func basicAuthCredentials() {
        let pattern = RequestPattern.get(urlPath: "/secure").basicAuth(username: "ada", password: "s3cret")
        let good = "Basic " + Data("ada:s3cret".utf8).base64EncodedString()
        let bad = "Basic " + Data("ada:wrong".utf8).base64EncodedString()
        #expect(pattern.matches(request(.get, "/secure", headers: ["Authorization": good])))
        #expect(!pattern.matches(request(.get, "/secure", headers: ["Authorization": bad])))
        #expect(!pattern.matches(request(.get, "/secure")))
    }

    @Test func hostPortAndScheme() {
        let pattern = RequestPattern.get(urlPath: "/a").host(.equalTo("api.example.com")).port(8443).scheme("https")
        #expect(pattern.matches(request(.get, "https://api.example.com:8443/a")))
        #expect(!pattern.matches(request(.get, "https://api.example.com/a")))
        #expect(!pattern.matches(request(.get, "http://api.example.com:8443/a")))
        #expect(!pattern.matches(request(.get, "https://other.example.com:8443/a")))
        #expect(pattern.matches(request(.get, "/a", headers: ["Host": "api.example.com:8443"])) == false)
        #expect(RequestPattern.get(urlPath: "/a").host("localhost").port(8080).matches(request(.get, "/a", headers: ["Host": "localhost:8080"])))
    }

    @Test func allBodyPatternsMustMatch() {
        let pattern = RequestPattern.post(urlPath: "/orders")
            .body(.matchesJsonPath("$.items[0].sku"))
            .body(.matchesJsonPath("$.customer", .equalTo("c-1")))
        #expect(pattern.matches(request(.post, "/orders", body: #"{"customer":"c-1","items":[{"sku":"A"}]}"#)))
        #expect(!pattern.matches(request(.post, "/orders", body: #"{"customer":"c-2","items":[{"sku":"A"}]}"#)))
        #expect(!pattern.matches(request(.post, "/orders", body: #"{"customer":"c-1","items":[]}"#)))
    }

    @Test func multipartAnyAndAll() {
        let body = [
            "--XYZ",
            #"Content-Disposition: form-data; name="meta""#,
            "Content-Type: application/json",
            "",
            #"{"title":"cat"}"#,
            "--XYZ",
            #"Content-Disposition: form-data; name="file"; filename="cat.png""#,
            "Content-Type: image/png",
            "",
            "PNGDATA",
            "--XYZ--",
            "",
        ].joined(separator: "\r\n")
        let headers: HTTPHeaders = ["Content-Type": "multipart/form-data; boundary=XYZ"]
        let upload = request(.post, "/upload", headers: headers, body: body)
        let anyJSON = MultipartPattern(matchingType: .any, headers: [NamedPattern(name: "Content-Type", pattern: .single(.contains("json")))],
                                       bodyPatterns: [.matchesJsonPath("$.title", .equalTo("cat"))])
        let allJSON = MultipartPattern(matchingType: .all, headers: [NamedPattern(name: "Content-Type", pattern: .single(.contains("json")))])
        let allNamed = MultipartPattern(matchingType: .all, headers: [NamedPattern(name: "Content-Disposition", pattern: .single(.contains("name=")))])
        #expect(RequestPattern.post(urlPath: "/upload").multipart(anyJSON).matches(upload))
        #expect(!RequestPattern.post(urlPath: "/upload").multipart(allJSON).matches(upload))
        #expect(RequestPattern.post(urlPath: "/upload").multipart(allNamed).matches(upload))
        #expect(!RequestPattern.post(urlPath: "/upload").multipart(anyJSON).matches(request(.post, "/upload", body: "plain")))
    }

    @Test func gradedDistanceRanksCloserRequestsFirst() {
        let pattern = RequestPattern.get(urlPath: "/users/42").header("Accept", .contains("json"))
        let json: HTTPHeaders = ["Accept": "application/json"]
        let exact = pattern.match(request(.get, "/users/42", headers: json))
        let wrongID = pattern.match(request(.get, "/users/43", headers: json))
        let wrongMethod = pattern.match(request(.post, "/users/42", headers: json))
        let wrongEverything = pattern.match(request(.delete, "/orders", headers: ["Accept": "text/html"]))
        #expect(exact == .exactMatch)
        #expect(wrongID.distance < wrongMethod.distance)
        #expect(wrongMethod.distance < wrongEverything.distance)
    }

    @Test func compareListsEveryConstrainedField() {
        let pattern = RequestPattern.get(urlPath: "/users/42").header("Accept", .contains("json")).queryParameter("v", "2")
        let comparisons = pattern.compare(request(.get, "/users/43?v=2", headers: ["Accept": "text/html"]))
        #expect(comparisons.map(\.field) == ["method", "urlPath", "header Accept", "query v"])
        #expect(comparisons.map(\.result.isExactMatch) == [true, false, false, true])
        #expect(comparisons[2].expected == #"contains "json""#)
        #expect(comparisons[2].actual == #""text/html""#)
    }

    @Test func descriptionSummarisesThePattern() {
        let pattern = RequestPattern.get(urlPath: "/users/42").header("Accept", .contains("json"))
        #expect(pattern.description == #"GET urlPath "/users/42" with header Accept contains "json""#)
        #expect(RequestPattern.anyRequest.description == "any method any URL")
    }
}

struct HTTPHeadersTests {
    @Test(arguments: [
        ("Content-Type", "content-type", true), ("ACCEPT", "accept", true), ("X-A", "X-B", false),
        ("Accept", "Accepts", false), ("a[", "A{", false), ("É", "é", false), ("", "", true),
    ])
    func namesCompareIgnoringASCIICase(lhs: String, rhs: String, equal: Bool) {
        #expect(lhs.caseInsensitiveEquals(rhs) == equal)
    }

    @Test func multiValuedLookupRemoveAndReplace() {
        var headers = HTTPHeaders([("Set-Cookie", "a=1"), ("Content-Type", "text/plain"), ("set-cookie", "b=2")])
        #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
        #expect(headers.names == ["Set-Cookie", "Content-Type"])
        headers.replaceOrAdd(name: "content-type", value: "application/json")
        #expect(headers["Content-Type"] == "application/json")
        headers.remove("set-cookie")
        #expect(!headers.contains("Set-Cookie"))
    }
}
