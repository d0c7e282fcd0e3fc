import Understudy

/// The hub hears of every HTTP request its mock serves, through any transport, and fires the
/// message stubs the request triggers.
extension MessageHub: ServeListener {
    package var hearsCompleted: Bool { false }

    package func served(_ event: ServeEvent) {
        served(event.request, by: event.stubIdentity?.id, stubURL: event.stub?.request.url)
    }
}
