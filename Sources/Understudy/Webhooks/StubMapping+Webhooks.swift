extension StubMapping {
    /// The stub with a webhook sent after each response it serves (added to
    /// ``serveEventListeners``).
    /// ```swift
    /// mock.stub(StubMapping(.post(urlPath: "/orders"), .status(202))
    ///     .withWebhook(.post("http://localhost:8081/callbacks").body("{{originalRequest.body}}")))
    /// ```
    public func withWebhook(_ webhook: WebhookDefinition) -> StubMapping {
        var copy = self
        copy.serveEventListeners.append(.webhook(webhook))
        return copy
    }

    /// The webhooks the stub sends after a response, in WireMock's order: the
    /// `postServeActions` ones first, then the `serveEventListeners` that run after the
    /// response is complete (`http/StubRequestHandler.java`, `afterResponseSent`).
    public var webhooks: [WebhookDefinition] {
        guard !postServeActions.isEmpty || !serveEventListeners.isEmpty else { return [] }
        return postServeActions.compactMap(\.webhook)
            + serveEventListeners.filter { $0.runs(at: .afterComplete) }.compactMap(\.webhook)
    }
}

extension StubMapping {
    /// What decoding warns about the stub's listeners, by the key that holds them: those
    /// naming a WireMock extension other than `webhook` are kept but never run (WireMock logs
    /// "No per-stub listener was found named …" for each request,
    /// `extension/ServeEventListenerUtils.java`), and a webhook limited to phases other than
    /// `AFTER_COMPLETE` never fires.
    var listenerWarnings: [(key: String, message: String)] {
        var warnings: [(key: String, message: String)] = []
        for (key, listeners) in [("postServeActions", postServeActions), ("serveEventListeners", serveEventListeners)] {
            for listener in listeners {
                if listener.webhook == nil {
                    warnings.append((key, "names \"\(listener.name)\", a WireMock extension Understudy does not have; it is kept but never runs"))
                } else if !listener.runs(at: .afterComplete) {
                    warnings.append((key, "a webhook limited to request phases \((listener.requestPhases ?? []).map(\.rawValue).joined(separator: ", ")); webhooks send only at AFTER_COMPLETE, so it never fires"))
                }
            }
        }
        return warnings
    }
}
