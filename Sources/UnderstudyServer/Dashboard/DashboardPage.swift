import Understudy

/// The dashboard's web page, `GET /__admin/dashboard`: one self-contained document (HTML, CSS
/// and script inline, nothing fetched from elsewhere) that shows the server's traffic live.
///
/// With an admin token the page is opened as `/__admin/dashboard?token=…`; its script sends
/// the token as `Authorization: Bearer` on its own calls. Its content security policy lets it
/// talk to its own origin only.
enum DashboardPage {
    /// The path of the page.
    static let path = AdminAPI.prefix + "/dashboard"

    /// What the page may load and run: its own inline style and script, calls to its origin.
    static let contentSecurityPolicy = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
        + "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

    /// Whether `request` asks for the page.
    static func isRequested(by request: RecordedRequest) -> Bool {
        (request.method == .get || request.method == .head) && (request.path == path || request.path == path + "/")
    }

    /// The page, with headers that keep it out of caches and frames and its token out of referrers.
    static var response: ResponseDefinition { page(html, status: 200) }

    /// The 401 page: a form asking for the admin token, which reopens the page with `?token=`.
    static func tokenForm(wrongToken: Bool) -> ResponseDefinition {
        let note = wrongToken ? "<p role=\"alert\">That token is not the server's.</p>" : ""
        var response = page("""
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark"><title>Understudy dashboard: token needed</title>
            <style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}input,button{font:inherit}</style>
            </head><body><main><h1>Understudy dashboard</h1>
            <p>This server's admin API needs its token (<code>understudy serve --admin-token</code> or <code>UNDERSTUDY_ADMIN_TOKEN</code>).</p>
            \(note)<form method="get" action="\(path)"><label for="token">Admin token</label>
            <input id="token" name="token" type="password" autocomplete="off" required autofocus>
            <button type="submit">Open the dashboard</button></form></main></body></html>
            """, status: 401)
        response.headers.add(name: "WWW-Authenticate", value: "Bearer realm=\"understudy admin\"")
        return response
    }

    private static func page(_ html: String, status: Int) -> ResponseDefinition {
        ResponseDefinition(status: status, headers: [
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": "no-store",
            "Content-Security-Policy": contentSecurityPolicy,
            "Referrer-Policy": "no-referrer",
            "X-Content-Type-Options": "nosniff",
            "X-Frame-Options": "DENY",
        ]).body(html)
    }
}
