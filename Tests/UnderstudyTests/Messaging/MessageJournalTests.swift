import Foundation
import Testing
@testable import Understudy
@testable import UnderstudyMessaging

/// The message journal keeps the newest events, oldest first, through wrap-arounds and removals.
struct MessageJournalTests {
    private func event(_ text: String) -> MessageServeEvent {
        MessageServeEvent(id: UUID(), direction: .received,
                          channel: WebSocketChannelInfo(id: UUID(), openingRequest: .init(RecordedRequest(method: .get, url: "/chat")), isOpen: true),
                          message: .text(text), storedStub: nil, timestamp: Date())
    }

    @Test func aFullJournalKeepsTheNewestInOrder() {
        var journal = MessageJournal(capacity: 3)
        for number in 1...7 { journal.append(event("\(number)")) }
        #expect(journal.events.map(\.message) == [.text("5"), .text("6"), .text("7")])
        let removed = journal.remove { $0.message == .text("6") }
        #expect(removed.map(\.message) == [.text("6")])
        journal.append(event("8"))
        journal.append(event("9"))
        #expect(journal.events.map(\.message) == [.text("7"), .text("8"), .text("9")])
        var off = MessageJournal(capacity: 0)
        off.append(event("x"))
        #expect(off.events.isEmpty)
    }
}
