/// A socket the server holds open for the ``MessageHub``: how the hub sends on it and closes
/// it. The server's implementation may be called from any thread.
package protocol WebSocketConnection: Sendable {
    /// Sends one message (a text or a binary frame).
    func send(_ message: WebSocketMessage)
    /// Sends a close frame with `code` and `reason`, then closes the socket.
    func close(code: UInt16, reason: String)
    /// Closes the connection without a close frame.
    func drop()
}
