import Foundation
import Testing
import UnderstudySupport
@testable import Understudy
@testable import UnderstudyMessaging

/// Keeps what the hub sends on a socket.
private final class RecordingConnection: WebSocketConnection {
    private let sent = Locked<[WebSocketMessage]>([])
    var messages: [WebSocketMessage] { sent.withLock { $0 } }
    func send(_ message: WebSocketMessage) { sent.withLock { $0.append(message) } }
    func close(code: UInt16, reason: String) {}
    func drop() {}
}

/// A socket is answered by the stubs whose channel patterns its opening request matches, as
/// the stubs are when the message arrives.
struct MessageHubChannelTests {
    @Test func aStubReplacedWithAnotherChannelNoLongerAnswersTheSocket() {
        let hub = HTTPMock().messages
        let connection = RecordingConnection()
        let socket = hub.open(RecordedRequest(method: .get, url: "/a"), connection: connection)
        let id = UUID()
        func stub(channel: String, reply: String) -> MessageStubMapping {
            MessageStubMapping(id: id, trigger: .message(channel: .any(urlPath: channel), message: MessagePattern()),
                               actions: [MessageAction(send: .text(reply))])
        }
        hub.stub(stub(channel: "/a", reply: "one"))
        hub.received(.text("hello"), on: socket)
        #expect(hub.replace(stub(channel: "/b", reply: "two")))
        hub.received(.text("hello"), on: socket)
        hub.stub(MessageStubMapping(trigger: .message(channel: .any(urlPath: "/a"), message: MessagePattern()),
                                    actions: [MessageAction(send: .text("three"))]))
        hub.received(.text("hello"), on: socket)
        #expect(connection.messages == [.text("one"), .text("three")])
    }

    /// A text message is matched as text: `absent` and `equalTo ""` see an empty message as
    /// they see an empty body, and binary patterns see its UTF-8 bytes.
    @Test func aTextMessageMatchesAsItsBytesWould() {
        for (pattern, message) in [(StringValuePattern.equalTo("héllo"), "héllo"), (.binaryEqualTo(Data("hi".utf8)), "hi"),
                                   (.absent, ""), (.matches(".+"), "x")] {
            #expect(MessagePattern(body: pattern).matches(.text(message), openedBy: nil))
            #expect(MessagePattern(body: pattern).matches(.binary(Data(message.utf8)), openedBy: nil))
        }
        #expect(!MessagePattern(body: .absent).matches(.text("x"), openedBy: nil))
    }
}
