import Foundation

/// How one served request is answered, decided once in the core and carried out by every
/// transport: the loopback server writes it to a socket, the in-process transports turn it
/// into `(Data, URLResponse)` or a `URLError`. A new kind of answer is added here (and to
/// ``ResponsePlan/make(for:to:stub:delays:bodyData:using:)``), never per transport.
package struct ResponsePlan: Sendable {
    /// What to do once ``delay`` has passed.
    package enum Action: Sendable {
        /// Send a status, headers and a body made of timed parts.
        case respond(ResponseHead, TimedBody)
        /// Produce a network fault instead of an answer.
        case fault(Fault)
        /// Forward the request upstream and relay the answer.
        case proxy(ProxyRequest)
    }

    /// How long to wait before acting (the stub's delays and the mock's global delays).
    package var delay: Duration
    /// What to do after the delay. Changing it forgets ``reusableKey``.
    package var action: Action {
        didSet { reusableKey = nil }
    }
    /// When set, every plan with the same key (compared by identity) responds with the same
    /// head and body: a static stub's answer, as planned when the stub was added. A transport
    /// may keep its own encoding of them against the key and send it again. Any change of
    /// ``action`` clears it.
    package internal(set) var reusableKey: (any AnyObject & Sendable)?
    /// The webhooks to fire once the response is over (``PendingWebhooks/fire(defaultSender:)``).
    package var webhooks: PendingWebhooks?

    package init(delay: Duration, action: Action, webhooks: PendingWebhooks? = nil) {
        self.delay = delay
        self.action = action
        self.webhooks = webhooks
    }

    /// A plain-text answer with no delay, for the transports' own errors (500, 502, 504).
    package static func plainText(status: Int, _ text: String) -> ResponsePlan {
        let body = Data(text.utf8)
        let headers: HTTPHeaders = ["Content-Type": "text/plain; charset=utf-8", "Content-Length": String(body.count)]
        return ResponsePlan(delay: .zero, action: .respond(ResponseHead(status: status, headers: headers), TimedBody(body)))
    }
}

/// The status line and final header fields of a planned answer.
package struct ResponseHead: Sendable {
    /// The status code.
    package var status: Int
    /// A reason phrase that replaces the standard one, when the stub gives one.
    package var reason: String?
    /// Every header field to send, `Content-Length` and `Matched-Stub-Id` included.
    package var headers: HTTPHeaders

    package init(status: Int, reason: String? = nil, headers: HTTPHeaders) {
        self.status = status
        self.reason = reason
        self.headers = headers
    }
}
