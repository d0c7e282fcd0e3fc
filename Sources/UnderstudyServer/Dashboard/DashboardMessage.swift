import Foundation
import Understudy

/// The server-sent events the dashboard's feed (`GET /__admin/dashboard/events`) is made of,
/// as `text/event-stream` text.
///
/// - `request`: one served request (``ServeEvent/dashboardJSON(mock:duration:)``), with the
///   request's id as the event id;
/// - `dropped`: `{"count": n}`, the number of requests the page missed because it read too slowly;
/// - comments (`: ...`) open the stream and keep an idle connection alive.
enum DashboardMessage {
    /// How long a browser waits before reconnecting, sent first.
    static let opening = "retry: 2000\n: understudy dashboard feed\n\n"

    /// Sent on an idle stream, so that proxies keep it and a dead client is noticed.
    static let heartbeat = ": keep-alive\n\n"

    /// How many journaled requests a new dashboard is sent before the live ones.
    static let backlogLimit = 200

    /// One served request.
    static func request(_ event: ServeEvent, duration: Duration?, mock: HTTPMock) -> String {
        let data = event.dashboardJSON(mock: mock, duration: duration).jsonText()
        return "id: \(event.id.uuidString.lowercased())\nevent: request\ndata: \(data)\n\n"
    }

    /// The note that `count` requests were not sent.
    static func dropped(_ count: Int) -> String {
        "event: dropped\ndata: {\"count\":\(count)}\n\n"
    }

    /// The most recent journal entries (up to ``backlogLimit``), oldest first.
    static func backlog(of mock: HTTPMock) -> String {
        mock.serveEvents.suffix(backlogLimit).map { request($0, duration: nil, mock: mock) }.joined()
    }
}
