import Testing
import UnderstudyClient
import UnderstudyInProcess

/// The WHATWG HTML rules for interpreting an event stream (section 9.2.6), line by line.
struct EventStreamParserTests {
    private func events(_ lines: [String]) -> [ReceivedEvent] {
        var parser = EventStreamParser()
        return lines.compactMap { parser.consume($0) }
    }

    @Test func fieldsUntilABlankLineMakeOneEvent() {
        #expect(events(["id: 1", "event: greeting", "data: hello", "retry: 3000", ""])
                == [ReceivedEvent(event: "greeting", data: "hello", id: "1", retry: 3_000)])
    }

    @Test func dataLinesJoinWithNewlinesAndTheTypeDefaultsToMessage() {
        #expect(events(["data: line one", "data: line two", ""]) == [ReceivedEvent(data: "line one\nline two")])
    }

    @Test func commentsUnknownFieldsAndEventsWithoutDataAreNotDispatched() {
        #expect(events([": keep-alive", "", "event: ping", "", "foo: bar", "data:x", ""]) == [ReceivedEvent(data: "x")])
    }

    @Test func theLastIDCarriesOverAndOnlyOneLeadingSpaceIsDropped() {
        #expect(events(["id: 7", "data:  two spaces", "", "data: next", ""])
                == [ReceivedEvent(data: " two spaces", id: "7"), ReceivedEvent(data: "next", id: "7")])
    }

    @Test func aFieldWithoutAColonHasAnEmptyValue() {
        #expect(events(["data", "data", ""]) == [ReceivedEvent(data: "\n")])
    }

    @Test func aRetryThatIsNotANumberIsIgnored() {
        #expect(events(["retry: soon", "data: x", ""]) == [ReceivedEvent(data: "x")])
    }
}
