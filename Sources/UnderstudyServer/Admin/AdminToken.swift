import Understudy

/// The secret `/__admin/*` requires when set: clients send `Authorization: Bearer <token>`.
/// The dashboard page alone (`GET /__admin/dashboard`) also takes it as `?token=`, since a
/// browser cannot send a header when it opens a page; the page then sends the header on its
/// own calls. Every other admin call still needs the header.
///
/// Comparison takes the same time whatever the guess, so the token cannot be found byte by
/// byte from response times.
struct AdminToken: Sendable {
    private let bytes: [UInt8]

    init(_ token: String) { bytes = Array(token.utf8) }

    /// Whether the request carries the token: in its `Authorization` header, or, for the
    /// dashboard page only, in its `token` query parameter.
    func admits(_ request: RecordedRequest) -> Bool {
        if DashboardPage.isRequested(by: request), let query = request.queryValues("token").first,
           Self.constantTimeEquals(Array(query.utf8), bytes) {
            return true
        }
        guard let header = request.headers["Authorization"] else { return false }
        let prefix = "Bearer "
        guard header.count > prefix.count, header.prefix(prefix.count).lowercased() == prefix.lowercased() else { return false }
        return Self.constantTimeEquals(Array(header.utf8.dropFirst(prefix.utf8.count)), bytes)
    }

    /// Compares every byte of the longer input, whatever differs first.
    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        var difference = UInt8(truncatingIfNeeded: lhs.count ^ rhs.count)
        for index in 0..<max(lhs.count, rhs.count) {
            let left = index < lhs.count ? lhs[index] : 0
            let right = index < rhs.count ? rhs[index] : 0
            difference |= left ^ right
        }
        return difference == 0 && lhs.count == rhs.count
    }

    /// The 401 a request without the token gets: for the dashboard page, a form that asks for
    /// the token; for everything else, WireMock's error document.
    static func unauthorized(for request: RecordedRequest) -> ResponseDefinition {
        DashboardPage.isRequested(by: request) ? DashboardPage.tokenForm(wrongToken: !request.queryValues("token").isEmpty) : unauthorized
    }

    /// The 401 a request without the token gets.
    static var unauthorized: ResponseDefinition {
        var response = AdminError(status: 401, code: 401, pointer: nil,
                                  title: "The admin API needs a token",
                                  detail: "Send the token the server was started with as 'Authorization: Bearer <token>' (understudy serve --admin-token or UNDERSTUDY_ADMIN_TOKEN).").response
        response.headers.add(name: "WWW-Authenticate", value: "Bearer realm=\"understudy admin\"")
        return response
    }
}
