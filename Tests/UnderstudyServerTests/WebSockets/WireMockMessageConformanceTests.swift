import Foundation
import NIOCore
import NIOWebSocket
import Testing
import Understudy
import UnderstudyServer
import UnderstudyMessaging

// WireMock 4's message (WebSocket) acceptance tests, transcribed one `@Test` per Java test,
// one suite per Java class, from `github:wiremock/wiremock` at commit
// `9e93e34771df652cfdf42c9dff82022174b0a595` (the steps as /tmp/ws-spec/TESTS.md spells them,
// section numbers given per test). The stubs are WireMock's JSON and every call goes through
// the admin API over HTTP, as WireMock's Java client makes it; the sockets are NIO's client.
//
// WireMock runs one server per class and resets between tests; here every test has a server
// of its own. Where WireMock sleeps to let a message arrive, these wait for the journal or for
// the sockets (``MessageHub/waitForEvents(matching:count:timeout:)``,
// ``MessageHub/waitForChannels(count:timeout:)``).
//
// Understudy's deliberate differences from WireMock 4, marked at each test they change:
// 1. A WebSocket upgrade is accepted only where a message stub listens (a `message` trigger
//    whose channel pattern matches the upgrade request or has none, or a `request-initiated`
//    target whose pattern matches); WireMock accepts every upgrade. Tests that open a socket
//    where no stub listens first add one (``MessageAdmin/acceptUpgrades(onPath:sourceLocation:)``).
// 2. An unknown `trigger.type` is refused (422); WireMock reads it as `message`. (No test here
//    depends on it.)
// 3. `/__admin/reset` and `/__admin/mappings/reset` leave message stubs, the message journal
//    and the sockets alone and do not reload `message-mappings` files. (WireMock's base
//    fixture resets before each test; a server per test makes that moot here.)
// 4. `PUT /__admin/message-mappings/{id}` makes the edited stub the newest of its priority.
// 5. Fixed channels and channel providers (Java extensions) are not served: a stub that
//    names one is refused with 422. `ChannelProviderApiAcceptanceTest`,
//    `FixedMessageChannelAcceptanceTest`, `InMemoryChannelDriverReceiveAcceptanceTest` and
//    `CustomChannelDriverAcceptanceTest` are left out; ``FixedChannelsAreRefused`` checks the
//    refusal.
// 6. Message action transformers are Swift values in the mock's configuration
//    (``MessageActionTransformer``), not Java extensions; `MessageActionTransformerAcceptanceTest`
//    is transcribed with the same transformers written in Swift.
@Suite(.timeLimit(.minutes(2)))
enum WireMockMessageConformanceTests {}

// MARK: - WebsocketMessageStubAcceptanceTest

extension WireMockMessageConformanceTests {
    /// `src/test/java/com/github/tomakehurst/wiremock/WebsocketMessageStubAcceptanceTest.java`
    /// at `9e93e34771df652cfdf42c9dff82022174b0a595` (TESTS.md §1): message stubs through the
    /// admin API, and what they send on real sockets.
    struct WebsocketMessageStubAcceptanceTest {
        /// TESTS.md §1.1
        @Test func canGetMessageStubMappingById() async throws {
            try await withMockServer(HTTPMock()) { server in
                let admin = MessageAdmin(server)
                let id = newMessageStubID()
                try await admin.addMessageStub(#"""
                    {"id": "\#(id)", "name": "Get by ID stub",
                     "trigger": {"type": "message", "message": {"body": {"equalTo": "get-me"}}},
                     "actions": [\#(originatingSend("got-you"))]}
                    """#)
                let found = try await admin.call("GET", "/message-mappings/\(id)")
                #expect(found.status == 200)
                #expect(found.json?["id"] == .string(id))
                #expect(found.json?["name"] == "Get by ID stub")
            }
        }

        /// TESTS.md §1.2
        @Test func getMessageStubReturnsFalseIsPresentWhenNotFound() async throws {
            try await withMockServer(HTTPMock()) { server in
                let found = try await MessageAdmin(server).call("GET", "/message-mappings/\(newMessageStubID())")
                #expect(found.status == 404)
            }
        }

        /// TESTS.md §1.3. (Understudy, difference 4: the edited stub also becomes the newest
        /// of its priority; this test does not look at the order.)
        @Test func canEditMessageStubMappingById() async throws {
            try await withMockServer(HTTPMock()) { server in
                let admin = MessageAdmin(server)
                let id = newMessageStubID()
                try await admin.addMessageStub(#"""
                    {"id": "\#(id)", "name": "Original name",
                     "trigger": {"type": "message", "message": {"body": {"equalTo": "original"}}},
                     "actions": [\#(originatingSend("original-response"))]}
                    """#)
                let edited = try await admin.call("PUT", "/message-mappings/\(id)", #"""
                    {"id": "\#(id)", "name": "Updated name",
                     "trigger": {"type": "message", "message": {"body": {"equalTo": "updated"}}},
                     "actions": [\#(originatingSendOfString("updated-response"))]}
                    """#)
                #expect(edited.status == 200)
                #expect(edited.json?["id"] == .string(id))
                #expect(edited.json?["name"] == "Updated name")
                let found = try await admin.call("GET", "/message-mappings/\(id)")
                #expect(found.json?["name"] == "Updated name")
            }
        }

        /// TESTS.md §1.4
        @Test func editMessageStubReturnsFalseIsPresentWhenNotFound() async throws {
            try await withMockServer(HTTPMock()) { server in
                let id = newMessageStubID()
                let edited = try await MessageAdmin(server).call("PUT", "/message-mappings/\(id)", #"""
                    {"id": "\#(id)", "name": "Ghost",
                     "trigger": {"type": "message", "message": {"body": {"equalTo": "ghost"}}},
                     "actions": [\#(originatingSendOfString("nothing"))]}
                    """#)
                #expect(edited.status == 404)
            }
        }

        /// TESTS.md §1.5
        @Test func messageStubMappingRespondsToOriginatingChannel() async throws {
            try await withMockServer(HTTPMock()) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Echo stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "ping"}}},
                     "actions": [\#(originatingSendOfString("pong"))]}
                    """#)
                #expect(try await server.ask("/echo", "ping") == "pong")
            }
        }

        /// TESTS.md §1.6
        @Test func messageStubMappingMatchesWithRegexPattern() async throws {
            try await withMockServer(HTTPMock()) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Greeting stub", "trigger": {"type": "message", "message": {"body": {"matches": "hello.*"}}},
                     "actions": [\#(originatingSend("hi there!"))]}
                    """#)
                #expect(try await server.ask("/greet", "hello world") == "hi there!")
            }
        }

        /// TESTS.md §1.7
        @Test func messageStubMappingWithChannelPatternMatchesSpecificChannels() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "VIP stub",
                     "trigger": {"type": "message",
                                 "channel": {"type": "websocket", "initiatingRequestPattern": {"url": "/vip-channel", "method": "ANY"}},
                                 "message": {"body": {"equalTo": "request"}}},
                     "actions": [{"type": "send", "message": {"body": {"data": "VIP response"}}, "channelTarget": {"type": "originating"}}]}
                    """#)
                #expect(try await server.ask("/vip-channel", "request") == "VIP response")
                // Understudy (difference 1): no stub listens on /regular-channel, so one that
                // only lets the upgrade in is added.
                try await admin.acceptUpgrades(onPath: "/regular-channel")
                try await withWebSocket(server, path: "/regular-channel") { socket in
                    try await socket.send("request")
                    // WireMock sleeps 200 ms; here: both "request" messages are journaled.
                    await waitForJournal(mock, .equalTo("request"), count: 2)
                    try await closeExpectingNoFurtherMessages(&socket)
                }
            }
        }

        /// TESTS.md §1.8
        @Test func messageStubMappingPriorityDeterminesMatchOrder() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Low priority stub", "priority": 10, "trigger": {"type": "message"},
                     "actions": [\#(originatingSend("low priority"))]}
                    """#)
                try await admin.addMessageStub(#"""
                    {"name": "High priority stub", "priority": 1,
                     "trigger": {"type": "message", "message": {"body": {"equalTo": "test"}}},
                     "actions": [\#(originatingSend("high priority"))]}
                    """#)
                try await admin.addMessageStub(#"""
                    {"name": "Medium priority stub", "priority": 4,
                     "trigger": {"type": "message", "message": {"body": {"equalTo": "test"}}},
                     "actions": [\#(originatingSend("medium priority"))]}
                    """#)
                #expect(try await server.ask("/priority-test", "test") == "high priority")
            }
        }

        /// TESTS.md §1.9
        @Test func messageStubMappingWithSamePriorityMatchesMostRecentlyAdded() async throws {
            try await withMockServer(HTTPMock()) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "First stub", "priority": 5, "trigger": {"type": "message"}, "actions": [\#(originatingSend("first"))]}
                    """#)
                try await admin.addMessageStub(#"""
                    {"name": "Second stub", "priority": 5, "trigger": {"type": "message"}, "actions": [\#(originatingSend("second"))]}
                    """#)
                #expect(try await server.ask("/same-priority-test", "test") == "second")
            }
        }

        /// TESTS.md §1.10
        @Test func messageStubMappingCanSendToMatchingChannels() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Broadcast stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "broadcast"}}},
                     "actions": [{"type": "send", "message": {"body": {"data": "broadcast message"}},
                                  "channelTarget": {"type": "request-initiated",
                                                    "requestPattern": {"urlPathPattern": "/broadcast/.*", "method": "ANY"}}}]}
                    """#)
                try await withWebSocket(server, path: "/broadcast/user1") { receiver1 in
                    try await withWebSocket(server, path: "/broadcast/user2") { receiver2 in
                        _ = await mock.messages.waitForChannels(count: 2)
                        try await server.fire("/sender", "broadcast")
                        #expect(try await receiver2.nextMessage() == .text("broadcast message"))
                    }
                    #expect(try await receiver1.nextMessage() == .text("broadcast message"))
                }
            }
        }

        /// TESTS.md §1.11
        @Test func messageStubMappingCanBeRemoved() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                let id = newMessageStubID()
                try await admin.addMessageStub(#"""
                    {"id": "\#(id)", "name": "Removable stub",
                     "trigger": {"type": "message", "message": {"body": {"equalTo": "test"}}},
                     "actions": [\#(originatingSend("response"))]}
                    """#)
                #expect(try await server.ask("/remove-test", "test") == "response")
                #expect(try await admin.call("DELETE", "/message-mappings/\(id)").status == 200)
                // Understudy (difference 1): with the stub gone nothing listens on
                // /remove-test, so one that only lets the upgrade in is added.
                try await admin.acceptUpgrades(onPath: "/remove-test")
                try await withWebSocket(server, path: "/remove-test") { socket in
                    try await socket.send("test")
                    // WireMock sleeps 200 ms; here: both "test" messages are journaled.
                    await waitForJournal(mock, .equalTo("test"), count: 2)
                    try await closeExpectingNoFurtherMessages(&socket)
                }
            }
        }

        /// TESTS.md §1.12
        @Test func messageStubMappingWithMultipleActions() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Multi-action stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "multi"}}},
                     "actions": [\#(originatingSend("response1")), \#(originatingSend("response2"))]}
                    """#)
                try await withWebSocket(server, path: "/multi-action") { socket in
                    try await socket.send("multi")
                    let replies = try await nextMessages(&socket, 2)
                    #expect(replies.contains(.text("response1")))
                    #expect(replies.contains(.text("response2")))
                    // messages.size == 2: nothing else comes.
                    await waitForJournal(mock, .equalTo("multi"))
                    try await closeExpectingNoFurtherMessages(&socket)
                }
            }
        }

        /// TESTS.md §1.13
        @Test func messageStubMappingCanBeCreatedUsingDsl() async throws {
            try await withMockServer(HTTPMock()) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "DSL stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "hello"}}},
                     "actions": [\#(originatingSend("world"))]}
                    """#)
                #expect(try await server.ask("/dsl-test", "hello") == "world")
            }
        }

        /// TESTS.md §1.14
        @Test func messageStubMappingDslSupportsMultipleActions() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "DSL multi-action stub",
                     "trigger": {"type": "message",
                                 "channel": {"type": "websocket", "initiatingRequestPattern": {"url": "/dsl-multi", "method": "ANY"}},
                                 "message": {"body": {"equalTo": "trigger"}}},
                     "actions": [\#(originatingSend("first")), \#(originatingSend("second"))]}
                    """#)
                try await withWebSocket(server, path: "/dsl-multi") { socket in
                    try await socket.send("trigger")
                    let replies = try await nextMessages(&socket, 2)
                    #expect(replies.contains(.text("first")))
                    #expect(replies.contains(.text("second")))
                    await waitForJournal(mock, .equalTo("trigger"))
                    try await closeExpectingNoFurtherMessages(&socket)
                }
            }
        }

        /// TESTS.md §1.15
        @Test func messageStubMappingDslSupportsBroadcastToMatchingChannels() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "DSL broadcast stub",
                     "trigger": {"type": "message",
                                 "channel": {"type": "websocket", "initiatingRequestPattern": {"urlPath": "/dsl-broadcast", "method": "ANY"}},
                                 "message": {"body": {"equalTo": "broadcast"}}},
                     "actions": [{"type": "send", "message": {"body": {"data": "broadcasted"}},
                                  "channelTarget": {"type": "request-initiated", "requestPattern": {"url": "/dsl-broadcast", "method": "ANY"}}}]}
                    """#)
                try await withWebSocket(server, path: "/dsl-broadcast") { client2 in
                    try await withWebSocket(server, path: "/dsl-broadcast") { client1 in
                        _ = await mock.messages.waitForChannels(count: 2)
                        try await client1.send("broadcast")
                        // The sender is one of the matching channels.
                        #expect(try await client1.nextMessage() == .text("broadcasted"))
                    }
                    #expect(try await client2.nextMessage() == .text("broadcasted"))
                }
            }
        }

        /// TESTS.md §1.16
        @Test func canFindMessageStubsByMetadata() async throws {
            try await withMockServer(HTTPMock()) { server in
                let admin = MessageAdmin(server)
                try await admin.call("DELETE", "/message-mappings")
                try await admin.addMessageStub(#"""
                    {"name": "Stub with metadata 1", "trigger": {"type": "message", "message": {"body": {"equalTo": "test1"}}},
                     "metadata": {"category": "important", "version": "1"}, "actions": [\#(originatingSend("response1"))]}
                    """#)
                try await admin.addMessageStub(#"""
                    {"name": "Stub with metadata 2", "trigger": {"type": "message", "message": {"body": {"equalTo": "test2"}}},
                     "metadata": {"category": "important", "version": "2"}, "actions": [\#(originatingSend("response2"))]}
                    """#)
                try await admin.addMessageStub(#"""
                    {"name": "Stub without matching metadata", "trigger": {"type": "message", "message": {"body": {"equalTo": "test3"}}},
                     "metadata": {"category": "unimportant"}, "actions": [\#(originatingSend("response3"))]}
                    """#)
                let found = try await admin.call("POST", "/message-mappings/find-by-metadata",
                                                 #"{"matchesJsonPath": {"expression": "$.category", "equalTo": "important"}}"#)
                #expect(found.status == 200)
                let names = (found.json?["messageMappings"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
                #expect(names.count == 2)
                #expect(Set(names) == ["Stub with metadata 1", "Stub with metadata 2"])
            }
        }

        /// TESTS.md §1.17
        @Test func canRemoveMessageStubsByMetadata() async throws {
            try await withMockServer(HTTPMock()) { server in
                let admin = MessageAdmin(server)
                try await admin.call("DELETE", "/message-mappings")
                try await admin.addMessageStub(#"""
                    {"name": "Stub to remove 1", "trigger": {"type": "message", "message": {"body": {"equalTo": "remove1"}}},
                     "metadata": {"toRemove": true}, "actions": [\#(originatingSend("response1"))]}
                    """#)
                try await admin.addMessageStub(#"""
                    {"name": "Stub to remove 2", "trigger": {"type": "message", "message": {"body": {"equalTo": "remove2"}}},
                     "metadata": {"toRemove": true}, "actions": [\#(originatingSend("response2"))]}
                    """#)
                try await admin.addMessageStub(#"""
                    {"name": "Stub to keep", "trigger": {"type": "message", "message": {"body": {"equalTo": "keep"}}},
                     "metadata": {"toRemove": false}, "actions": [\#(originatingSend("response3"))]}
                    """#)
                #expect(try await admin.messageMappings().count == 3)
                let removed = try await admin.call("POST", "/message-mappings/remove-by-metadata",
                                                   #"{"equalToJson": "{ \"toRemove\": true }"}"#)
                #expect(removed.status == 200)
                let left = try await admin.messageMappings()
                #expect(left.count == 1)
                #expect(left.first?["name"] == "Stub to keep")
            }
        }
    }
}

// MARK: - WebsocketMessageJournalAcceptanceTest

extension WireMockMessageConformanceTests {
    /// `src/test/java/com/github/tomakehurst/wiremock/WebsocketMessageJournalAcceptanceTest.java`
    /// at `9e93e34771df652cfdf42c9dff82022174b0a595` (TESTS.md §2): the message journal
    /// through the admin API. "Wait until find `{}` returns n events" in WireMock counts the
    /// sent replies too; these wait for the messages the test sent instead (TESTS.md's note on
    /// §2.3 and §2.7), which are journaled after their replies.
    struct WebsocketMessageJournalAcceptanceTest {
        /// TESTS.md §2.1
        @Test func messageJournalRecordsReceivedMessages() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Journal test stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "journal-test"}}},
                     "actions": [\#(originatingSendOfString("response"))]}
                    """#)
                try await admin.resetJournal()
                #expect(try await server.ask("/journal-test", "journal-test") == "response")
                // The reply can arrive before the received message is journaled (after it).
                await waitForJournal(mock, .equalTo("journal-test"))
                let received = try await admin.events(ofType: "received")
                #expect(received.count == 1)
                #expect(received.first?["message"] == "journal-test")
                #expect(received.first?["wasMatched"] == true)
                #expect(received.first?["stubMapping"]?["name"] == "Journal test stub")
            }
        }

        /// TESTS.md §2.2
        @Test func messageJournalRecordsUnmatchedMessages() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                // Understudy (difference 1): WireMock has no stub here; one that only lets the
                // upgrade in (and matches no message) is added.
                try await admin.acceptUpgrades(onPath: "/unmatched-test")
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/unmatched-test") { socket in
                    try await socket.send("unmatched-message")
                    await waitForJournal(mock)
                }
                let events = try await admin.events()
                #expect(events.count == 1)
                #expect(events.first?["message"] == "unmatched-message")
                #expect(events.first?["wasMatched"] == false)
            }
        }

        /// TESTS.md §2.3 (racy in WireMock: it waits for any 3 events; this waits for the 3 sent).
        @Test func canCountMessageEventsMatchingPredicate() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Count test stub", "trigger": {"type": "message", "message": {"body": {"matches": "count-.*"}}},
                     "actions": [\#(originatingSendOfString("counted"))]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/count-test") { socket in
                    for text in ["count-1", "count-2", "count-3"] { try await socket.send(text) }
                    await waitForJournal(mock, .matches("count-.*"), count: 3)
                }
                #expect(try await admin.find(#"{"body": {"matches": "count-.*"}}"#).count == 3)
            }
        }

        /// TESTS.md §2.4
        @Test func canFindMessageEventsMatchingPredicate() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Find test stub", "trigger": {"type": "message", "message": {"body": {"matches": "find-.*"}}},
                     "actions": [\#(originatingSendOfString("found"))]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/find-test") { socket in
                    try await socket.send("find-alpha")
                    try await socket.send("find-beta")
                    await waitForJournal(mock, .matches("find-.*"), count: 2)
                }
                let found = try await admin.find(#"{"body": {"equalTo": "find-alpha"}}"#)
                #expect(found.count == 1)
                #expect(found.first?["message"] == "find-alpha")
            }
        }

        /// TESTS.md §2.5
        @Test func canResetMessageJournal() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                // Understudy (difference 1): WireMock has no stub here; one that only lets the
                // upgrade in is added.
                try await admin.acceptUpgrades(onPath: "/reset-test")
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/reset-test") { socket in
                    try await socket.send("before-reset")
                    await waitForJournal(mock)
                }
                try await admin.resetJournal()
                #expect(try await admin.events().count == 0)
            }
        }

        /// TESTS.md §2.6
        @Test func canVerifyAtLeastOneMessageEventMatchesPredicate() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Verify test stub", "trigger": {"type": "message", "message": {"body": {"matches": "verify-.*"}}},
                     "actions": [\#(originatingSendOfString("verified"))]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/verify-test") { socket in
                    try await socket.send("verify-one")
                    try await socket.send("verify-two")
                    await waitForJournal(mock, .matches("verify-.*"), count: 2)
                }
                #expect(try #require(try await admin.count(#"{"body": {"equalTo": "verify-one"}}"#)) >= 1)
                #expect(try #require(try await admin.count(#"{"body": {"matches": "verify-.*"}}"#)) >= 1)
            }
        }

        /// TESTS.md §2.7 (racy in WireMock: it waits for any 3 events; this waits for the 3 sent).
        @Test func canVerifyExactCountOfMessageEvents() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Verify count stub", "trigger": {"type": "message", "message": {"body": {"matches": "count-verify-.*"}}},
                     "actions": [\#(originatingSendOfString("counted"))]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/verify-count-test") { socket in
                    for text in ["count-verify-1", "count-verify-2", "count-verify-3"] { try await socket.send(text) }
                    await waitForJournal(mock, .matches("count-verify-.*"), count: 3)
                }
                #expect(try await admin.count(#"{"body": {"matches": "count-verify-.*"}}"#) == 3)
                #expect(try await admin.count(#"{"body": {"equalTo": "count-verify-2"}}"#) == 1)
            }
        }

        /// TESTS.md §2.8
        @Test func canVerifyMessageEventsWithCountMatchingStrategy() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Verify strategy stub", "trigger": {"type": "message", "message": {"body": {"matches": "strategy-.*"}}},
                     "actions": [\#(originatingSendOfString("strategized"))]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/verify-strategy-test") { socket in
                    try await socket.send("strategy-a")
                    try await socket.send("strategy-b")
                    await waitForJournal(mock, .matches("strategy-.*"), count: 2)
                }
                let count = try #require(try await admin.count(#"{"body": {"matches": "strategy-.*"}}"#))
                #expect(count >= 1)
                #expect(count < 5)
                #expect(count == 2)
            }
        }

        /// TESTS.md §2.9: the verification fails because the count is 0.
        @Test func verifyMessageEventThrowsWhenNoMatchingEvents() async throws {
            try await withMockServer(HTTPMock()) { server in
                let admin = MessageAdmin(server)
                try await admin.resetJournal()
                let answer = try await admin.call("POST", "/messages/count", #"{"body": {"equalTo": "non-existent"}}"#)
                #expect(answer.status == 200)
                #expect(answer.json == ["count": 0, "messageJournalDisabled": false])
            }
        }

        /// TESTS.md §2.10: the verification of exactly 5 fails.
        @Test func verifyMessageEventThrowsWhenCountDoesNotMatch() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Verify fail stub", "trigger": {"type": "message", "message": {"body": {"matches": "fail-.*"}}},
                     "actions": [\#(originatingSendOfString("failed"))]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/verify-fail-test") { socket in
                    try await socket.send("fail-1")
                    try await socket.send("fail-2")
                    await waitForJournal(mock, .matches("fail-.*"), count: 2)
                }
                let count = try #require(try await admin.count(#"{"body": {"matches": "fail-.*"}}"#))
                #expect(count != 5)
            }
        }

        /// TESTS.md §2.11
        @Test func canGetSingleMessageServeEventById() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Get single event stub", "trigger": {"type": "message", "message": {"body": {"matches": "get-single-.*"}}},
                     "actions": [\#(originatingSendOfString("got it"))]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/get-single-test") { socket in
                    try await socket.send("get-single-event")
                    await waitForJournal(mock, .equalTo("get-single-event"))
                }
                let event = try #require(try await admin.events().first)
                let id = try #require(event["id"]?.stringValue)
                let found = try await admin.call("GET", "/messages/\(id)")
                #expect(found.status == 200)
                #expect(found.json?["id"] == event["id"])
                #expect(found.json?["message"] == event["message"])
            }
        }

        /// TESTS.md §2.12
        @Test func canRemoveSingleMessageServeEventById() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Remove single event stub", "trigger": {"type": "message", "message": {"body": {"matches": "remove-single-.*"}}},
                     "actions": [\#(originatingSendOfString("removed"))]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/remove-single-test") { socket in
                    try await socket.send("remove-single-1")
                    try await socket.send("remove-single-2")
                    await waitForJournal(mock, .matches("remove-single-.*"), count: 2)
                }
                let events = try await admin.events()
                #expect(events.count >= 2)
                let id = try #require(events.first?["id"]?.stringValue)
                #expect(try await admin.call("DELETE", "/messages/\(id)").status == 200)
                #expect(try await admin.events().count == events.count - 1)
            }
        }

        /// TESTS.md §2.13
        @Test func canRemoveMessageServeEventsMatchingPattern() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Remove by pattern stub", "trigger": {"type": "message", "message": {"body": {"matches": "remove-pattern-.*"}}},
                     "actions": [\#(originatingSendOfString("removed"))]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/remove-pattern-test") { socket in
                    for text in ["remove-pattern-1", "remove-pattern-2", "other-message"] { try await socket.send(text) }
                    // The last message journaled means the others and their replies are too.
                    await waitForJournal(mock, .equalTo("other-message"))
                }
                // 2 received and matched, 2 sent "removed", 1 received unmatched.
                #expect(try await admin.events().count == 5)
                let removed = try await admin.call("POST", "/messages/remove", #"{"body": {"matches": "remove-pattern-.*"}}"#)
                #expect(removed.status == 200)
                #expect(removed.json?["messageServeEvents"]?.arrayValue?.count == 2)
                let received = try await admin.events(ofType: "received")
                #expect(received.count == 1)
                #expect(received.first?["message"] == "other-message")
            }
        }

        /// TESTS.md §2.14
        @Test func canRemoveMessageServeEventsForStubsMatchingMetadata() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Metadata stub", "trigger": {"type": "message", "message": {"body": {"matches": "metadata-.*"}}},
                     "metadata": {"category": "test", "priority": "high"}, "actions": [\#(originatingSendOfString("response"))]}
                    """#)
                try await admin.addMessageStub(#"""
                    {"name": "No metadata stub", "trigger": {"type": "message", "message": {"body": {"matches": "other-.*"}}},
                     "actions": [\#(originatingSendOfString("other-response"))]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/metadata-test") { socket in
                    try await socket.send("metadata-a")
                    try await socket.send("other-b")
                    await waitForJournal(mock, .equalTo("other-b"))
                }
                #expect(try await admin.events().count == 4)
                let removed = try await admin.call("POST", "/messages/remove-by-metadata",
                                                   #"{"matchesJsonPath": {"expression": "$.category", "equalTo": "test"}}"#)
                #expect(removed.status == 200)
                // Only received events carry their stub (`stubMapping`), so only "metadata-a" goes.
                #expect(removed.json?["messageServeEvents"]?.arrayValue?.count == 1)
                let received = try await admin.events(ofType: "received")
                #expect(received.count == 1)
                #expect(received.first?["message"] == "other-b")
            }
        }

        /// TESTS.md §2.15
        @Test func stubsAreNotRemovedViaMetadataWhenNoneMatch() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Metadata stub", "trigger": {"type": "message", "message": {"body": {"matches": "metadata-.*"}}},
                     "metadata": {"category": "test"}, "actions": [\#(originatingSendOfString("response"))]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/metadata-no-match-test") { socket in
                    try await socket.send("metadata-a")
                    await waitForJournal(mock, .equalTo("metadata-a"))
                }
                #expect(try await admin.events().count == 2)
                let removed = try await admin.call("POST", "/messages/remove-by-metadata",
                                                   #"{"matchesJsonPath": {"expression": "$.nonexistent", "equalTo": "value"}}"#)
                #expect(removed.status == 200)
                #expect(removed.json?["messageServeEvents"]?.arrayValue?.count == 0)
                #expect(try await admin.events().count == 2)
            }
        }

        /// TESTS.md §2.16
        @Test func canListAllMessageStubMappingsViaHttpClient() async throws {
            try await withMockServer(HTTPMock()) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "List stub 1", "trigger": {"type": "message", "message": {"body": {"equalTo": "list-test-1"}}},
                     "actions": [\#(originatingSend("response1"))]}
                    """#)
                try await admin.addMessageStub(#"""
                    {"name": "List stub 2", "trigger": {"type": "message", "message": {"body": {"equalTo": "list-test-2"}}},
                     "actions": [\#(originatingSend("response2"))]}
                    """#)
                let names = try await admin.messageMappings().compactMap { $0["name"]?.stringValue }
                #expect(names.count >= 2)
                #expect(names.contains("List stub 1"))
                #expect(names.contains("List stub 2"))
            }
        }

        /// TESTS.md §2.17
        @Test func canListAllMessageChannelsViaHttpClient() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Channel list stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "channel-list-test"}}},
                     "actions": [\#(originatingSend("response"))]}
                    """#)
                try await withWebSocket(server, path: "/channel-list-1") { _ in
                    try await withWebSocket(server, path: "/channel-list-2") { _ in
                        _ = await mock.messages.waitForChannels(count: 2)
                        let listed = try await admin.call("GET", "/channels")
                        #expect(listed.status == 200)
                        #expect((listed.json?["channels"]?.arrayValue?.count ?? 0) >= 2)
                    }
                }
            }
        }

        /// TESTS.md §2.18
        @Test func canWaitForSingleMessageEventViaHttpClient() async throws {
            try await withMockServer(HTTPMock()) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Wait single stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "wait-single-test"}}},
                     "actions": [\#(originatingSendOfString("response"))]}
                    """#)
                try await admin.resetJournal()
                #expect(try await server.ask("/wait-single-test", "wait-single-test") == "response")
                let waited = try await admin.call("POST", "/messages/wait",
                                                  #"{"pattern": {"body": {"equalTo": "wait-single-test"}}, "timeoutMillis": 5000}"#)
                #expect(waited.status == 200)
                #expect(waited.json?["message"] == "wait-single-test")
            }
        }

        /// TESTS.md §2.19
        @Test func waitForSingleMessageEventReturnsEmptyWhenNoMatch() async throws {
            try await withMockServer(HTTPMock()) { server in
                let admin = MessageAdmin(server)
                try await admin.resetJournal()
                let waited = try await admin.call("POST", "/messages/wait",
                                                  #"{"pattern": {"body": {"equalTo": "non-existent-message"}}, "timeoutMillis": 200}"#)
                #expect(waited.status == 200)
                #expect(waited.json == JSONValue.null)
            }
        }

        /// TESTS.md §2.20
        @Test func canWaitForMultipleMessageEventsViaHttpClient() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Wait multiple stub", "trigger": {"type": "message", "message": {"body": {"matches": "wait-multi-.*"}}},
                     "actions": [\#(originatingSendOfString("response"))]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/wait-multi-test") { socket in
                    for text in ["wait-multi-1", "wait-multi-2", "wait-multi-3"] { try await socket.send(text) }
                    await waitForJournal(mock, .matches("wait-multi-.*"), count: 3)
                }
                let waited = try await admin.call("POST", "/messages/wait-for-count",
                                                  #"{"pattern": {"body": {"matches": "wait-multi-.*"}}, "timeoutMillis": 5000, "count": 3}"#)
                #expect(waited.status == 200)
                #expect(waited.json?["messageServeEvents"]?.arrayValue?.count == 3)
            }
        }

        /// TESTS.md §2.21
        @Test func messageJournalRecordsSentEventWhenMessageSentViaApiWithNoStubsPresent() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                // Understudy (difference 1): WireMock has no stub here; one that only lets the
                // upgrade in (and sends and matches nothing) is added.
                try await admin.acceptUpgrades(onPath: "/no-stub-send-test")
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/no-stub-send-test") { socket in
                    _ = await mock.messages.waitForChannels(count: 1)
                    try await admin.sendToWebSockets(matching: #"{"url": "/no-stub-send-test", "method": "ANY"}"#, "no-stub-message")
                    #expect(try await socket.nextMessage() == .text("no-stub-message"))
                }
                let events = try await admin.events()
                #expect(events.count == 1)
                #expect(events.first?["eventType"] == "sent")
                #expect(events.first?["message"] == "no-stub-message")
            }
        }

        /// TESTS.md §2.22
        @Test func messageJournalRecordsSentEventWhenMessageSentViaApi() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                // Understudy (difference 1): WireMock has no stub here; one that only lets the
                // upgrade in is added.
                try await admin.acceptUpgrades(onPath: "/api-send-journal-test")
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/api-send-journal-test") { socket in
                    _ = await mock.messages.waitForChannels(count: 1)
                    try await admin.sendToWebSockets(matching: #"{"url": "/api-send-journal-test", "method": "ANY"}"#, "api-journal-message")
                    #expect(try await socket.nextMessage() == .text("api-journal-message"))
                }
                let sent = try await admin.events(ofType: "sent")
                #expect(sent.count == 1)
                #expect(sent.first?["message"] == "api-journal-message")
            }
        }

        /// TESTS.md §2.23
        @Test func messageJournalRecordsSentEventsWhenMessageSentByStub() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Sent event journal test stub",
                     "trigger": {"type": "message", "message": {"body": {"equalTo": "trigger-stub-send"}}},
                     "actions": [
                       {"type": "send", "message": {"body": "originating-response"}, "channelTarget": {"type": "originating"}},
                       {"type": "send", "message": {"body": "matching-response"},
                        "channelTarget": {"type": "request-initiated", "requestPattern": {"url": "/stub-sent-event-target", "method": "ANY"}}}]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/stub-sent-event-target") { target in
                    try await withWebSocket(server, path: "/stub-sent-event-trigger") { trigger in
                        _ = await mock.messages.waitForChannels(count: 2)
                        try await trigger.send("trigger-stub-send")
                        #expect(try await trigger.nextMessage() == .text("originating-response"))
                    }
                    #expect(try await target.nextMessage() == .text("matching-response"))
                }
                await waitForJournal(mock, .equalTo("trigger-stub-send"))
                let sent = try await admin.events(ofType: "sent")
                #expect(sent.count == 2)
                #expect(Set(sent.compactMap { $0["message"]?.stringValue }) == ["originating-response", "matching-response"])
            }
        }

        /// TESTS.md §2.24
        @Test func waitForMultipleMessageEventsReturnsPartialResultsOnTimeout() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Wait partial stub", "trigger": {"type": "message", "message": {"body": {"matches": "wait-partial-.*"}}},
                     "actions": [\#(originatingSendOfString("response"))]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/wait-partial-test") { socket in
                    try await socket.send("wait-partial-1")
                    await waitForJournal(mock, .matches("wait-partial-.*"))
                }
                let waited = try await admin.call("POST", "/messages/wait-for-count",
                                                  #"{"pattern": {"body": {"matches": "wait-partial-.*"}}, "timeoutMillis": 200, "count": 5}"#)
                #expect(waited.status == 200)
                #expect((waited.json?["messageServeEvents"]?.arrayValue?.count ?? 0) >= 1)
            }
        }
    }
}

// MARK: - WebsocketConnectionAcceptanceTest

extension WireMockMessageConformanceTests {
    /// `src/test/java/com/github/tomakehurst/wiremock/WebsocketConnectionAcceptanceTest.java`
    /// at `9e93e34771df652cfdf42c9dff82022174b0a595` (TESTS.md §3), with its nested classes
    /// `WebSocketIdleTimeoutTest`, `WebSocketMaxTextMessageSizeTest` and
    /// `WebSocketMaxBinaryMessageSizeTest`: sockets, `POST /__admin/channels/send`, and the
    /// limits. WireMock's class has no stubs; under difference 1 each test adds one that only
    /// lets its upgrades in. Understudy has one size limit for text and binary messages
    /// (`webSocketMaxMessageBytes`) where WireMock has one of each.
    struct WebsocketConnectionAcceptanceTest {
        /// TESTS.md §3.1
        @Test func websocketConnectionCanBeEstablished() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                // Understudy (difference 1): a stub that only lets the upgrade in.
                try await MessageAdmin(server).acceptUpgrades(onPath: "/notifications")
                try await withWebSocket(server, path: "/notifications") { _ in
                    #expect(await mock.messages.waitForChannels(count: 1).count == 1)
                }
            }
        }

        /// TESTS.md §3.2
        @Test func canSendMessageToWebsocketViaAdminApi() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                // Understudy (difference 1): a stub that only lets the upgrade in.
                try await admin.acceptUpgrades(onPath: "/notifications")
                try await withWebSocket(server, path: "/notifications") { socket in
                    _ = await mock.messages.waitForChannels(count: 1)
                    let pattern = #"{"url": "/notifications", "method": "ANY"}"#
                    let first = try await admin.sendToWebSockets(matching: pattern, "Hello WebSocket!")
                    let second = try await admin.sendToWebSockets(matching: pattern, "Second message")
                    #expect(first["channelsMessaged"] == 1)
                    #expect(second["channelsMessaged"] == 1)
                    let channels = first["channels"]?.arrayValue ?? []
                    #expect(channels.count == 1)
                    #expect(channels.first?["type"] == "websocket")
                    #expect(channels.first?["open"] == true)
                    #expect(channels.first?["initiatingRequest"]?["url"] == "/notifications")
                    let messages = try await nextMessages(&socket, 2)
                    #expect(messages.contains(.text("Hello WebSocket!")))
                    #expect(messages.contains(.text("Second message")))
                    // Exactly 2.
                    try await closeExpectingNoFurtherMessages(&socket)
                }
            }
        }

        /// TESTS.md §3.3
        @Test func canSendMessageToMultipleWebsocketConnections() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                // Understudy (difference 1): a stub that only lets the upgrades in.
                try await admin.acceptUpgrades(onPath: "/broadcast")
                try await withWebSocket(server, path: "/broadcast") { client1 in
                    try await withWebSocket(server, path: "/broadcast") { client2 in
                        _ = await mock.messages.waitForChannels(count: 2)
                        let result = try await admin.sendToWebSockets(matching: #"{"url": "/broadcast", "method": "ANY"}"#, "Broadcast message")
                        #expect(result["channelsMessaged"] == 2)
                        let channels = result["channels"]?.arrayValue ?? []
                        #expect(channels.count == 2)
                        for channel in channels {
                            #expect(channel["type"] == "websocket")
                            #expect(channel["open"] == true)
                            #expect(channel["initiatingRequest"]?["url"] == "/broadcast")
                        }
                        #expect(try await client2.nextMessage() == .text("Broadcast message"))
                    }
                    #expect(try await client1.nextMessage() == .text("Broadcast message"))
                }
            }
        }

        /// TESTS.md §3.4
        @Test func requestPatternMatchingFiltersWebsocketChannels() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                // Understudy (difference 1): stubs that only let the upgrades in.
                try await admin.acceptUpgrades(onPath: "/channel-a")
                try await admin.acceptUpgrades(onPath: "/channel-b")
                try await withWebSocket(server, path: "/channel-a") { channelA in
                    try await withWebSocket(server, path: "/channel-b") { channelB in
                        _ = await mock.messages.waitForChannels(count: 2)
                        let result = try await admin.sendToWebSockets(matching: #"{"url": "/channel-a", "method": "ANY"}"#, "Message for A")
                        #expect(result["channelsMessaged"] == 1)
                        // The send is done when the admin call answers: B got nothing.
                        try await closeExpectingNoFurtherMessages(&channelB)
                    }
                    #expect(try await channelA.nextMessage() == .text("Message for A"))
                }
            }
        }

        /// TESTS.md §3.5
        @Test func urlPatternMatchingWorksForWebsocketChannels() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                // Understudy (difference 1): stubs that only let the upgrades in.
                try await admin.acceptUpgrades(onPath: "/events/user1")
                try await admin.acceptUpgrades(onPath: "/events/user2")
                try await withWebSocket(server, path: "/events/user1") { user1 in
                    try await withWebSocket(server, path: "/events/user2") { user2 in
                        _ = await mock.messages.waitForChannels(count: 2)
                        let result = try await admin.sendToWebSockets(matching: #"{"urlPathPattern": "/events/.*", "method": "ANY"}"#, "Event notification")
                        #expect(result["channelsMessaged"] == 2)
                        #expect(try await user2.nextMessage() == .text("Event notification"))
                    }
                    #expect(try await user1.nextMessage() == .text("Event notification"))
                }
            }
        }

        /// TESTS.md §3.6
        @Test func channelIsRemovedWhenWebsocketCloses() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                // Understudy (difference 1): a stub that only lets the upgrade in.
                try await admin.acceptUpgrades(onPath: "/temp-channel")
                let pattern = #"{"url": "/temp-channel", "method": "ANY"}"#
                try await withWebSocket(server, path: "/temp-channel") { _ in
                    _ = await mock.messages.waitForChannels(count: 1)
                    let before = try await admin.sendToWebSockets(matching: pattern, "Before close")
                    #expect(before["channelsMessaged"] == 1)
                    #expect(before["channels"]?.arrayValue?.count == 1)
                }
                // WireMock sleeps 100 ms; here: until the server has seen the socket close.
                try await waitUntilOpenChannels(mock, atMost: 0)
                let after = try await admin.sendToWebSockets(matching: pattern, "After close")
                #expect(after["channelsMessaged"] == 0)
                #expect(after["channels"] == [])
            }
        }

        private static func server(idleTimeout: Duration? = nil, maxMessageBytes: Int? = nil) -> MockServerConfiguration {
            var configuration = MockServerConfiguration()
            if let idleTimeout { configuration.webSocketIdleTimeout = idleTimeout }
            if let maxMessageBytes { configuration.webSocketMaxMessageBytes = maxMessageBytes }
            return configuration
        }

        /// TESTS.md §3.7 (`WebSocketIdleTimeoutTest`, `webSocketIdleTimeout(1000)`)
        @Test func websocketConnectionClosesAfterIdleTimeout() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock, configuration: Self.server(idleTimeout: .milliseconds(1000))) { server in
                // Understudy (difference 1): a stub that only lets the upgrade in.
                try await MessageAdmin(server).acceptUpgrades(onPath: "/idle-timeout-test")
                // Taken before connecting: the server's idle timer starts at the upgrade, later.
                let connecting = ContinuousClock.now
                try await withWebSocket(server, path: "/idle-timeout-test") { socket in
                    // WireMock sleeps 1500 ms and finds the socket closed; here: the server's
                    // close frame (1001, going away), not before the socket was idle for the
                    // whole timeout. No upper bound: a loaded machine may close it late. (Nothing
                    // is asked of the server before the close: on a loaded machine this task may
                    // resume after the timeout, when the socket is rightly gone.)
                    let code = try await socket.closeCode()
                    let closed = ContinuousClock.now
                    #expect(code == .goingAway)
                    #expect(closed - connecting >= .milliseconds(1000))
                }
            }
        }

        /// TESTS.md §3.8 (`WebSocketIdleTimeoutTest`, `webSocketIdleTimeout(1000)`). WireMock
        /// sends a message every 500 ms for 1.5 s against a 1 s timeout; here every 500 ms for
        /// 4 s against 3 s. The whole suite runs at once on two cores, so this test's task can
        /// be left waiting longer than the timeout between two messages; the server is then
        /// right to close the socket, and that attempt proves nothing. Such an attempt is made
        /// again (at most three in all); a socket closed although no gap reached the timeout
        /// fails the test at once.
        @Test func websocketConnectionStaysOpenWithActivity() async throws {
            for _ in 1...3 {
                if try await activityKeepsTheSocketOpen() { return }
            }
            Issue.record("in each of 3 attempts the test's task waited longer than the idle timeout between two messages: the machine was too loaded to tell")
        }

        /// One attempt: `true` when the socket stayed open through 4 s of activity against a 3 s
        /// idle timeout; `false` when it closed after a gap of the test's own making.
        private func activityKeepsTheSocketOpen() async throws -> Bool {
            let timeout = Duration.milliseconds(3000)
            let mock = HTTPMock()
            return try await withMockServer(mock, configuration: Self.server(idleTimeout: timeout)) { server in
                // Understudy (difference 1): a stub that only lets the upgrade in.
                try await MessageAdmin(server).acceptUpgrades(onPath: "/active-connection")
                let clock = ContinuousClock()
                var longestGap = Duration.zero
                // The server's idle time starts with the upgrade, so the first gap is counted from
                // before connecting to the first message.
                let connecting = clock.now
                do {
                    return try await withWebSocket(server, path: "/active-connection") { socket in
                        var last = connecting
                        // Under load the idle timeout can pass before this task runs again; the
                        // wait then ends only at its own timeout, a gap longer than the idle one.
                        let open = await mock.messages.waitForChannels(count: 1).count
                        longestGap = last.duration(to: clock.now)
                        guard open == 1 else {
                            #expect(longestGap >= timeout, "the socket was never open although no gap reached the timeout")
                            return false
                        }
                        for index in 0..<8 {
                            // Time passing is what this test is about (4 s of a 3 s idle
                            // timeout), not a way to wait for something.
                            try await Task.sleep(for: .milliseconds(500))
                            longestGap = max(longestGap, last.duration(to: clock.now))
                            try await socket.send("keep-alive-\(index)")
                            let sent = clock.now
                            longestGap = max(longestGap, last.duration(to: sent))
                            let journaled = await mock.messages.waitForEvents(matching: MessagePattern(body: .equalTo("keep-alive-\(index)")),
                                                                              count: 1, timeout: .seconds(5))
                            guard !journaled.isEmpty else {
                                // A loaded machine may hold this task past the idle timeout before
                                // the send (the server then closed the socket, and rightly
                                // journals nothing): another attempt, not a failure.
                                #expect(longestGap >= timeout, "keep-alive-\(index) was never journaled although no gap reached the timeout")
                                return false
                            }
                            last = sent
                        }
                        // Still open: the server answers our close with our code, not 1001.
                        let code = try await closeExpectingNoFurtherMessages(&socket)
                        guard code == .normalClosure, longestGap < timeout else {
                            #expect(longestGap >= timeout, "closed with \(String(describing: code)) although no gap reached the timeout (longest \(longestGap))")
                            return false
                        }
                        return true
                    }
                } catch {
                    // The socket was closed under us: only a gap as long as the timeout excuses it.
                    #expect(longestGap >= timeout - .milliseconds(500), "closed (\(error)) although no gap reached the timeout (longest \(longestGap))")
                    return false
                }
            }
        }

        /// TESTS.md §3.9 (`WebSocketMaxTextMessageSizeTest`, `webSocketMaxTextMessageSize(1024)`)
        @Test func acceptsTextMessageWithinLimit() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock, configuration: Self.server(maxMessageBytes: 1024)) { server in
                // Understudy (difference 1): a stub that only lets the upgrade in.
                try await MessageAdmin(server).acceptUpgrades(onPath: "/text-size-test")
                try await withWebSocket(server, path: "/text-size-test") { socket in
                    try await socket.send(String(repeating: "x", count: 500))
                    // WireMock sleeps 100 ms; here: the server took the message.
                    await waitForJournal(mock)
                    #expect(mock.messages.channels.count == 1)
                    let code = try await closeExpectingNoFurtherMessages(&socket)
                    #expect(code == .normalClosure)
                }
            }
        }

        /// TESTS.md §3.10 (`WebSocketMaxTextMessageSizeTest`, `webSocketMaxTextMessageSize(1024)`)
        @Test func closesConnectionWhenTextMessageExceedsLimit() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock, configuration: Self.server(maxMessageBytes: 1024)) { server in
                // Understudy (difference 1): a stub that only lets the upgrade in.
                try await MessageAdmin(server).acceptUpgrades(onPath: "/text-size-test")
                try await withWebSocket(server, path: "/text-size-test") { socket in
                    try await socket.send(String(repeating: "x", count: 2000))
                    // WireMock sleeps 200 ms and finds the socket closed; here: the server's
                    // close frame (1009, as Jetty), then the end of the connection.
                    #expect(try await socket.closeCode() == .messageTooLarge)
                    #expect(try await socket.nextFrame() == nil)
                }
            }
        }

        /// TESTS.md §3.11 (`WebSocketMaxBinaryMessageSizeTest`, `webSocketMaxBinaryMessageSize(1024)`)
        @Test func acceptsBinaryMessageWithinLimit() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock, configuration: Self.server(maxMessageBytes: 1024)) { server in
                // Understudy (difference 1): a stub that only lets the upgrade in.
                try await MessageAdmin(server).acceptUpgrades(onPath: "/binary-size-test")
                try await withWebSocket(server, path: "/binary-size-test") { socket in
                    try await socket.send(Data(count: 500))
                    // WireMock sleeps 100 ms; here: the server took the message.
                    await waitForJournal(mock)
                    #expect(mock.messages.channels.count == 1)
                    let code = try await closeExpectingNoFurtherMessages(&socket)
                    #expect(code == .normalClosure)
                }
            }
        }

        /// TESTS.md §3.12 (`WebSocketMaxBinaryMessageSizeTest`, `webSocketMaxBinaryMessageSize(1024)`)
        @Test func closesConnectionWhenBinaryMessageExceedsLimit() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock, configuration: Self.server(maxMessageBytes: 1024)) { server in
                // Understudy (difference 1): a stub that only lets the upgrade in.
                try await MessageAdmin(server).acceptUpgrades(onPath: "/binary-size-test")
                try await withWebSocket(server, path: "/binary-size-test") { socket in
                    try await socket.send(Data(count: 2000))
                    #expect(try await socket.closeCode() == .messageTooLarge)
                    #expect(try await socket.nextFrame() == nil)
                }
            }
        }
    }
}

// MARK: - WebsocketEntityDefinitionAcceptanceTest

extension WireMockMessageConformanceTests {
    /// `src/test/java/com/github/tomakehurst/wiremock/WebsocketEntityDefinitionAcceptanceTest.java`
    /// at `9e93e34771df652cfdf42c9dff82022174b0a595` (TESTS.md §4): the forms of a send
    /// action's body (inline text, data stores, base64 bytes, files) and binary matching.
    struct WebsocketEntityDefinitionAcceptanceTest {
        /// TESTS.md §4.1
        @Test func textEntityDefinitionWithStringDataResolvesToString() async throws {
            try await withMockServer(HTTPMock()) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "String data stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "trigger"}}},
                     "actions": [{"type": "send", "message": {"body": {"data": "hello world"}}, "channelTarget": {"type": "originating"}}]}
                    """#)
                #expect(try await server.ask("/string-data-test", "trigger") == "hello world")
            }
        }

        /// TESTS.md §4.2. WireMock loads blob store "testStore" key "testKey" with the bytes of
        /// "stored value" in process; Understudy has no data stores to load.
        @Test func textEntityDefinitionWithDataStoreResolvesFromStore() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                // Deliberate difference: Understudy serves no data stores, so the body is refused with a
                // 422 that says so, and nothing is stored.
                let created = try await MessageAdmin(server).call("POST", "/message-mappings", #"""
                    {"name": "Store data stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "trigger"}}},
                     "actions": [{"type": "send", "message": {"body": {"dataStore": "testStore", "dataRef": "testKey"}},
                                  "channelTarget": {"type": "originating"}}]}
                    """#)
                #expect(created.status == 422)
                #expect(created.text.contains("data stores"))
                #expect(mock.messages.stubs.isEmpty)
            }
        }

        /// TESTS.md §4.3. WireMock loads object store "objectStore" key "objectKey" with
        /// `{"key": "value", "number": 42}` in process; Understudy has no data stores to load.
        @Test func textEntityDefinitionWithDataStoreResolvesObjectFromStoreAsJson() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                // Deliberate difference: Understudy serves no data stores, so the body is refused with a
                // 422 that says so, and nothing is stored.
                let created = try await MessageAdmin(server).call("POST", "/message-mappings", #"""
                    {"name": "Store object data stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "trigger"}}},
                     "actions": [{"type": "send", "message": {"body": {"dataStore": "objectStore", "dataRef": "objectKey"}},
                                  "channelTarget": {"type": "originating"}}]}
                    """#)
                #expect(created.status == 422)
                #expect(created.text.contains("data stores"))
                #expect(mock.messages.stubs.isEmpty)
            }
        }

        /// TESTS.md §4.4
        @Test func binaryEqualToCanBeUsedToMatchMessageBody() async throws {
            try await withMockServer(HTTPMock()) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Binary matching stub", "trigger": {"type": "message", "message": {"body": {"binaryEqualTo": "AQIDBAU="}}},
                     "actions": [\#(originatingSend("binary matched!"))]}
                    """#)
                try await withWebSocket(server, path: "/binary-test") { socket in
                    try await socket.send(Data([1, 2, 3, 4, 5]))
                    #expect(try await socket.nextMessage() == .text("binary matched!"))
                }
            }
        }

        /// TESTS.md §4.5
        @Test func binaryMessageCanBeSentAsResponse() async throws {
            try await withMockServer(HTTPMock()) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Binary response stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "send-binary"}}},
                     "actions": [{"type": "send", "message": {"body": {"base64Data": "CgsMDQ4="}}, "channelTarget": {"type": "originating"}}]}
                    """#)
                try await withWebSocket(server, path: "/binary-response-test") { socket in
                    try await socket.send("send-binary")
                    #expect(try await socket.nextMessage() == .binary(Data([0x0A, 0x0B, 0x0C, 0x0D, 0x0E])))
                }
            }
        }

        /// TESTS.md §4.6. WireMock loads blob store "binaryStore" key "binaryKey" with
        /// 10 20 30 40 50 in process; Understudy has no data stores to load.
        @Test func binaryMessageFromDataStoreCanBeSentAsResponse() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                // Deliberate difference: Understudy serves no data stores, so the body is refused with a
                // 422 that says so, and nothing is stored.
                let created = try await MessageAdmin(server).call("POST", "/message-mappings", #"""
                    {"name": "Binary from store stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "send-stored-binary"}}},
                     "actions": [{"type": "send", "message": {"body": {"format": "binary", "dataStore": "binaryStore", "dataRef": "binaryKey"}},
                                  "channelTarget": {"type": "originating"}}]}
                    """#)
                #expect(created.status == 422)
                #expect(created.text.contains("data stores"))
                #expect(mock.messages.stubs.isEmpty)
            }
        }

        /// TESTS.md §4.7: a root with `mappings/` and `__files/`; the file is written after the
        /// server starts (bodies are read when they are sent).
        @Test func textEntityDefinitionWithFilePathResolvesFromFilesStore() async throws {
            let folder = try ScratchFolder()
            defer { folder.remove() }
            try folder.makeFolder("mappings")
            try folder.makeFolder("__files")
            let mock = try HTTPMock(loadingMappingsFrom: folder.root, configuration: .init(mappingExtensions: .understudy))
            try await withMockServer(mock) { server in
                try folder.write("__files/message-body.txt", "Hello from file!")
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "File body stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "trigger"}}},
                     "actions": [{"type": "send", "message": {"body": {"filePath": "message-body.txt"}}, "channelTarget": {"type": "originating"}}]}
                    """#)
                #expect(try await server.ask("/file-body-test", "trigger") == "Hello from file!")
            }
        }

        /// TESTS.md §4.8 (WireMock names the stub "DSL broadcast stub").
        @Test func binaryEntityDefinitionWithFilePathResolvesFromFilesStore() async throws {
            let folder = try ScratchFolder()
            defer { folder.remove() }
            try folder.makeFolder("mappings")
            try folder.makeFolder("__files")
            let mock = try HTTPMock(loadingMappingsFrom: folder.root, configuration: .init(mappingExtensions: .understudy))
            try await withMockServer(mock) { server in
                try folder.write("__files/binary-body.bin", Data([1, 2, 3, 4, 5]))
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "DSL broadcast stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "trigger"}}},
                     "actions": [{"type": "send", "message": {"body": {"format": "binary", "filePath": "binary-body.bin"}},
                                  "channelTarget": {"type": "originating"}}]}
                    """#)
                #expect(try await server.askForBinary("/binary-file-body-test", "trigger") == Data([1, 2, 3, 4, 5]))
            }
        }
    }
}

// MARK: - WebsocketHttpTriggerAcceptanceTest

extension WireMockMessageConformanceTests {
    /// `src/test/java/com/github/tomakehurst/wiremock/WebsocketHttpTriggerAcceptanceTest.java`
    /// at `9e93e34771df652cfdf42c9dff82022174b0a595` (TESTS.md §5): HTTP requests that fire
    /// message stubs (`http-request` and `http-stub` triggers). Their `request-initiated`
    /// targets are what lets the sockets' upgrades in (difference 1 needs no extra stub).
    struct WebsocketHttpTriggerAcceptanceTest {
        private func request(_ server: MockServer, _ path: String, method: String = "GET",
                             headers: [(String, String)] = [], body: String? = nil) async throws -> TestResponse {
            let url = try #require(URL(string: try server.baseURL.absoluteString + path))
            return try await send(url, method: method, headers: headers, body: body)
        }

        /// TESTS.md §5.1
        @Test func messageJournalRecordsSentEventWhenHttpRequestTriggersMessageStub() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "HTTP triggered message to journal",
                     "trigger": {"type": "http-request", "requestPattern": {"urlPath": "/api/journal-trigger", "method": "ANY"}},
                     "actions": [{"type": "send", "message": {"body": {"data": "http-triggered-message"}},
                                  "channelTarget": {"type": "request-initiated", "requestPattern": {"urlPath": "/ws-journal", "method": "ANY"}}}]}
                    """#)
                try await admin.resetJournal()
                try await withWebSocket(server, path: "/ws-journal") { socket in
                    _ = await mock.messages.waitForChannels(count: 1)
                    _ = try await request(server, "/api/journal-trigger")
                    #expect(try await socket.nextMessage() == .text("http-triggered-message"))
                }
                let sent = try await admin.events(ofType: "sent")
                #expect(sent.count == 1)
                #expect(sent.first?["message"] == "http-triggered-message")
            }
        }

        /// TESTS.md §5.2
        @Test func messageStubTriggeredByHttpStubSendsMessageToWebsocketChannel() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                let stub = try await admin.call("POST", "/mappings", #"""
                    {"id": "11111111-2222-3333-4444-555555555555",
                     "request": {"urlPath": "/api/trigger-event", "method": "GET"}, "response": {"status": 200, "body": "OK"}}
                    """#)
                #expect(stub.status == 201)
                try await admin.addMessageStub(#"""
                    {"name": "HTTP stub triggered message",
                     "trigger": {"type": "http-stub", "stubId": "11111111-2222-3333-4444-555555555555"},
                     "actions": [{"type": "send", "message": {"body": {"data": "event triggered"}},
                                  "channelTarget": {"type": "request-initiated", "requestPattern": {"urlPath": "/ws-events", "method": "ANY"}}}]}
                    """#)
                try await withWebSocket(server, path: "/ws-events") { socket in
                    _ = await mock.messages.waitForChannels(count: 1)
                    _ = try await request(server, "/api/trigger-event")
                    #expect(try await socket.nextMessage() == .text("event triggered"))
                }
            }
        }

        /// TESTS.md §5.3
        @Test func messageStubTriggeredByHttpRequestPatternSendsMessageToWebsocketChannel() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "HTTP request pattern triggered message",
                     "trigger": {"type": "http-request", "requestPattern": {"urlPathPattern": "/api/notify/.*", "method": "ANY"}},
                     "actions": [{"type": "send", "message": {"body": {"data": "notification received"}},
                                  "channelTarget": {"type": "request-initiated", "requestPattern": {"urlPath": "/ws-notifications", "method": "ANY"}}}]}
                    """#)
                let stub = try await admin.call("POST", "/mappings", #"""
                    {"request": {"urlPathPattern": "/api/notify/.*", "method": "GET"}, "response": {"status": 200, "body": "Notified"}}
                    """#)
                #expect(stub.status == 201)
                try await withWebSocket(server, path: "/ws-notifications") { socket in
                    _ = await mock.messages.waitForChannels(count: 1)
                    _ = try await request(server, "/api/notify/user123")
                    #expect(try await socket.nextMessage() == .text("notification received"))
                }
            }
        }

        /// TESTS.md §5.4
        @Test func messageStubTriggeredByHttpRequestPatternWorksWithoutMatchingHttpStub() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "HTTP request pattern triggered without stub",
                     "trigger": {"type": "http-request", "requestPattern": {"urlPath": "/api/no-stub", "method": "ANY"}},
                     "actions": [{"type": "send", "message": {"body": {"data": "request received"}},
                                  "channelTarget": {"type": "request-initiated", "requestPattern": {"urlPath": "/ws-no-stub", "method": "ANY"}}}]}
                    """#)
                try await withWebSocket(server, path: "/ws-no-stub") { socket in
                    _ = await mock.messages.waitForChannels(count: 1)
                    // No HTTP stub: a 404, and the message all the same.
                    _ = try await request(server, "/api/no-stub")
                    #expect(try await socket.nextMessage() == .text("request received"))
                }
            }
        }

        /// TESTS.md §5.5
        @Test func multipleWebsocketClientsReceiveMessageWhenHttpStubIsTriggered() async throws {
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                let stub = try await admin.call("POST", "/mappings", #"""
                    {"id": "22222222-3333-4444-5555-666666666666",
                     "request": {"urlPath": "/api/broadcast", "method": "POST"}, "response": {"status": 200, "body": "Broadcast sent"}}
                    """#)
                #expect(stub.status == 201)
                try await admin.addMessageStub(#"""
                    {"name": "Broadcast on HTTP stub",
                     "trigger": {"type": "http-stub", "stubId": "22222222-3333-4444-5555-666666666666"},
                     "actions": [{"type": "send", "message": {"body": {"data": "broadcast message"}},
                                  "channelTarget": {"type": "request-initiated", "requestPattern": {"urlPathPattern": "/ws-broadcast.*", "method": "ANY"}}}]}
                    """#)
                try await withWebSocket(server, path: "/ws-broadcast-1") { client1 in
                    try await withWebSocket(server, path: "/ws-broadcast-2") { client2 in
                        _ = await mock.messages.waitForChannels(count: 2)
                        _ = try await request(server, "/api/broadcast", method: "POST", headers: [("Content-Type", "text/plain")], body: "trigger")
                        #expect(try await client2.nextMessage() == .text("broadcast message"))
                    }
                    #expect(try await client1.nextMessage() == .text("broadcast message"))
                }
            }
        }
    }
}

// MARK: - MessageTemplatingAcceptanceTest

extension WireMockMessageConformanceTests {
    /// `src/test/java/com/github/tomakehurst/wiremock/MessageTemplatingAcceptanceTest.java`
    /// at `9e93e34771df652cfdf42c9dff82022174b0a595` (TESTS.md §6): send bodies are rendered
    /// as templates with no opt-in (a server of its own per test in WireMock too).
    struct MessageTemplatingAcceptanceTest {
        /// TESTS.md §6.1
        @Test func templatesMessageBodyWithIncomingMessageContent() async throws {
            try await withMockServer(HTTPMock()) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Echo template stub", "trigger": {"type": "message", "message": {"body": {"matches": ".*"}}},
                     "actions": [\#(originatingSend("You said: {{message.body}}"))]}
                    """#)
                #expect(try await server.ask("/template-test", "hello world") == "You said: hello world")
            }
        }

        /// TESTS.md §6.2
        @Test func templatesMessageBodyWithRandomValue() async throws {
            try await withMockServer(HTTPMock()) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Random template stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "random"}}},
                     "actions": [\#(originatingSend("Random: {{randomValue length=5 type='ALPHANUMERIC'}}"))]}
                    """#)
                let reply = try #require(try await server.ask("/random-test", "random"))
                #expect(reply.hasPrefix("Random: "))
                #expect(reply.count == "Random: ".count + 5)
            }
        }

        /// TESTS.md §6.3
        @Test func templatesMessageBodyWithJsonPath() async throws {
            try await withMockServer(HTTPMock()) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "JsonPath template stub", "trigger": {"type": "message", "message": {"body": {"matchesJsonPath": "$.name"}}},
                     "actions": [\#(originatingSend("Hello {{jsonPath message.body '$.name'}}!"))]}
                    """#)
                #expect(try await server.ask("/jsonpath-test", #"{"name": "Alice", "age": 30}"#) == "Hello Alice!")
            }
        }

        /// TESTS.md §6.4
        @Test func templatesMessageBodyWithInitiatingRequestData() async throws {
            try await withMockServer(HTTPMock()) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Request data template stub",
                     "trigger": {"type": "message",
                                 "channel": {"type": "websocket", "initiatingRequestPattern": {"urlPathPattern": "/my.*", "method": "ANY"}},
                                 "message": {"body": {"equalTo": "info"}}},
                     "actions": [\#(originatingSend("Path: {{request.path}}"))]}
                    """#)
                #expect(try await server.ask("/my-channel", "info") == "Path: /my-channel")
            }
        }

        /// TESTS.md §6.5
        @Test func templatesMessageBodyWithMultipleHelpers() async throws {
            try await withMockServer(HTTPMock()) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Multi-helper template stub", "trigger": {"type": "message"},
                     "actions": [\#(originatingSend("Upper: {{upper message.body}}, Length: {{size message.body}}"))]}
                    """#)
                #expect(try await server.ask("/multi-helper-test", "test") == "Upper: TEST, Length: 4")
            }
        }
    }
}

// MARK: - MessageActionTransformerAcceptanceTest

extension WireMockMessageConformanceTests {
    /// `src/test/java/com/github/tomakehurst/wiremock/MessageActionTransformerAcceptanceTest.java`
    /// at `9e93e34771df652cfdf42c9dff82022174b0a595`: transformers rewrite send actions,
    /// global ones always and the others only where an action names them, in the configured
    /// order (`message/MessageStubRequestHandler.java`, `applyTransformations`). Its Java
    /// transformers are written here in Swift (difference 6); the stubs are still JSON sent
    /// through the admin API.
    struct MessageActionTransformerAcceptanceTest {
        /// A transformer that replaces a text send's body with `rewrite(body, context)`.
        static func rewritingSends(_ name: String, appliesGlobally: Bool = true,
                                   _ rewrite: @escaping @Sendable (String, MessageActionContext) -> String?) -> MessageActionTransformer {
            MessageActionTransformer(name: name, appliesGlobally: appliesGlobally) { action, context in
                guard case .send(let body) = action.kind else { return action }
                let text: String = if case .text(let text)? = body { text } else { "" }
                guard let rewritten = rewrite(text, context) else { return action }
                return MessageAction(send: .text(rewritten), to: .originating)
            }
        }

        /// A mock whose message actions go through `transformers`.
        static func mock(_ transformers: [MessageActionTransformer]) -> HTTPMock {
            HTTPMock(configuration: HTTPMock.Configuration(messageActionTransformers: transformers))
        }

        @Test func globalTransformerModifiesMessageAction() async throws {
            try await withMockServer(Self.mock([Self.rewritingSends("prefixing") { text, _ in "[TRANSFORMED] \(text)" }])) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Transformed stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "hello"}}},
                     "actions": [\#(originatingSend("world"))]}
                    """#)
                #expect(try await server.ask("/transform-test", "hello") == "[TRANSFORMED] world")
            }
        }

        @Test func multipleTransformersAreAppliedInOrder() async throws {
            let suffixing = ["1", "2", "3"].map { suffix in Self.rewritingSends("suffixing \(suffix)") { text, _ in "\(text) \(suffix)" } }
            try await withMockServer(Self.mock(suffixing)) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Multi-transform stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "test"}}},
                     "actions": [\#(originatingSend("message"))]}
                    """#)
                #expect(try await server.ask("/multi-transform-test", "test") == "message 1 2 3")
            }
        }

        @Test func nonGlobalTransformerIsNotApplied() async throws {
            try await withMockServer(Self.mock([Self.rewritingSends("non-global", appliesGlobally: false) { _, _ in "SHOULD NOT SEE THIS" }])) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Non-global stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "ping"}}},
                     "actions": [\#(originatingSend("pong"))]}
                    """#)
                #expect(try await server.ask("/non-global-test", "ping") == "pong")
            }
        }

        @Test func transformerHasAccessToIncomingMessageContext() async throws {
            let echoing = Self.rewritingSends("echoing") { _, context in
                guard context.isTriggeredByMessage, case .text(let incoming)? = context.incomingMessage else { return nil }
                return "Echo: \(incoming)"
            }
            try await withMockServer(Self.mock([echoing])) { server in
                try await MessageAdmin(server).addMessageStub(#"""
                    {"name": "Echo context stub", "trigger": {"type": "message", "message": {"body": {"matches": ".*"}}},
                     "actions": [\#(originatingSend("response"))]}
                    """#)
                #expect(try await server.ask("/echo-context-test", "my-input") == "Echo: my-input")
            }
        }

        @Test func nonGlobalTransformerIsAppliedWhenSpecifiedOnAction() async throws {
            try await withMockServer(Self.mock([Self.rewritingSends("non-global", appliesGlobally: false) { _, _ in "SHOULD NOT SEE THIS" }])) { server in
                let admin = MessageAdmin(server)
                try await admin.addMessageStub(#"""
                    {"name": "Selective transformer stub", "trigger": {"type": "message", "message": {"body": {"equalTo": "apply"}}},
                     "actions": [{"type": "send", "message": {"body": {"data": "original"}}, "channelTarget": {"type": "originating"},
                                  "transformers": ["non-global"], "transformerParameters": {"level": 2}}]}
                    """#)
                #expect(try await server.ask("/selective-transform-test", "apply") == "SHOULD NOT SEE THIS")
                // (Not in WireMock's test.) The names and parameters are kept when the stub is read back.
                let action = try #require(try await admin.messageMappings().first?["actions"]?.arrayValue?.first)
                #expect(action["transformers"] == .array([.string("non-global")]))
                #expect(action["transformerParameters"] == .object(["level": .number(JSONNumber(2))]))
            }
        }
    }
}

// MARK: - MessageMappingsLoaderAcceptanceTest

extension WireMockMessageConformanceTests {
    /// `src/test/java/com/github/tomakehurst/wiremock/MessageMappingsLoaderAcceptanceTest.java`
    /// at `9e93e34771df652cfdf42c9dff82022174b0a595` (TESTS.md §8): message stubs read from
    /// `message-mappings/` files (WireMock's `src/test/resources/message-stub-test/` and
    /// `classpath-filesource/message-mappings/` fixtures, written to a temporary root here).
    struct MessageMappingsLoaderAcceptanceTest {
        /// `src/test/resources/message-stub-test/single.json` (SPEC §2.7).
        static let single = """
            {
              "name": "Single message stub",
              "id": "11111111-1111-1111-1111-111111111111",
              "trigger": {
                "channel": { "initiatingRequestPattern": { "urlPath": "/ws/single" }, "type": "websocket" },
                "type": "message"
              },
              "actions": [
                { "channelTarget": { "type": "originating" }, "type": "send",
                  "message": { "body": { "data": "Hello from single stub" } } }
              ]
            }
            """

        /// `src/test/resources/message-stub-test/multi.json` (TESTS.md §8).
        static let multi = """
            {"messageMappings":[
              {"name":"Multi message stub 1","id":"22222222-2222-2222-2222-222222222222",
               "trigger":{"channel":{"initiatingRequestPattern":{"urlPath":"/ws/multi/1"},"type":"websocket"},"type":"message",
                          "message":{"body":{"equalTo":"Hello multi stub 1"}}},
               "actions":[{"channelTarget":{"type":"originating"},"type":"send","message":{"body":{"data":"Hello from multi stub 1"}}}]},
              {"name":"Multi message stub 2",
               "trigger":{"channel":{"initiatingRequestPattern":{"urlPath":"/ws/multi/2"},"type":"websocket"},"type":"message"},
               "actions":[{"channelTarget":{"requestPattern":{"urlPath":"/ws/multi/2"},"channelType":"websocket","type":"request-initiated"},
                           "type":"send","message":{"body":{"data":"Hello from multi stub 2"}}}]},
              {"name":"Multi message stub 3",
               "trigger":{"channel":{"initiatingRequestPattern":{"urlPath":"/ws/multi/3"},"type":"websocket"},"type":"message"},
               "actions":[{"channelTarget":{"type":"originating"},"type":"send","message":{"body":{"data":"Hello from multi stub 3"}}}]}]}
            """

        /// `src/test/resources/classpath-filesource/message-mappings/classpath-message-stub.json`
        /// (as TESTS.md §8 describes it).
        static let classpath = """
            {
              "id": "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
              "name": "Classpath message stub",
              "trigger": {
                "type": "message",
                "channel": { "type": "websocket", "initiatingRequestPattern": { "urlPath": "/ws/classpath" } }
              },
              "actions": [
                { "type": "send", "message": { "body": { "data": "Hello from classpath" } }, "channelTarget": { "type": "originating" } }
              ]
            }
            """

        /// A root like WireMock's `message-stub-test` directory, as `message-mappings/`.
        private func messageStubTestRoot() throws -> ScratchFolder {
            let folder = try ScratchFolder()
            try folder.write("message-mappings/single.json", Self.single)
            try folder.write("message-mappings/multi.json", Self.multi)
            return folder
        }

        /// TESTS.md §8.1
        @Test func messageMappingsLoadedFromJsonFiles() async throws {
            let folder = try messageStubTestRoot()
            defer { folder.remove() }
            try await withMockServer(try HTTPMock(loadingMappingsFrom: folder.root, configuration: .init(mappingExtensions: .understudy))) { server in
                let stubs = try await MessageAdmin(server).messageMappings()
                #expect(stubs.count == 4)
                #expect(Set(stubs.compactMap { $0["name"]?.stringValue })
                    == ["Single message stub", "Multi message stub 1", "Multi message stub 2", "Multi message stub 3"])
                #expect(stubs.contains { $0["id"] == "22222222-2222-2222-2222-222222222222" })
                let second = stubs.first { $0["name"] == "Multi message stub 2" }
                #expect(second?["id"]?.stringValue != nil)
            }
        }

        /// TESTS.md §8.2: `resetMessageStubs()`, then `loadMessageMappingsUsing(...)` (here the
        /// core API's `MappingsRoot.loadMessageMappings()`).
        @Test func loadsMessageStubMappingsFromAMixtureOfSingleAndMultiStubFiles() async throws {
            let folder = try messageStubTestRoot()
            defer { folder.remove() }
            let mock = HTTPMock()
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                #expect(try await admin.call("DELETE", "/message-mappings").status == 200)
                for stub in try folder.root.loadMessageMappings() { mock.messages.stub(stub) }
                let stubs = try await admin.messageMappings()
                #expect(stubs.count == 4)
                #expect(stubs.contains { $0["id"] == "11111111-1111-1111-1111-111111111111" })
                #expect(stubs.contains { $0["id"] == "22222222-2222-2222-2222-222222222222" })
            }
        }

        /// TESTS.md §8.3: a root with no `message-mappings/` folder.
        @Test func noMessageMappingsLoadedWhenDirectoryDoesNotExist() async throws {
            let folder = try ScratchFolder()
            defer { folder.remove() }
            let mock = try HTTPMock(loadingMappingsFrom: folder.root, configuration: .init(mappingExtensions: .understudy))
            try await withMockServer(mock) { server in
                let admin = MessageAdmin(server)
                #expect(try await admin.call("DELETE", "/message-mappings").status == 200)
                for stub in try folder.root.loadMessageMappings() { mock.messages.stub(stub) }
                #expect(try await admin.messageMappings().count == 0)
            }
        }

        /// TESTS.md §8.4: WireMock's classpath root, a root folder here.
        @Test func messageMappingsLoadedFromClasspath() async throws {
            let folder = try ScratchFolder()
            defer { folder.remove() }
            try folder.write("message-mappings/classpath-message-stub.json", Self.classpath)
            try await withMockServer(try HTTPMock(loadingMappingsFrom: folder.root, configuration: .init(mappingExtensions: .understudy))) { server in
                let stubs = try await MessageAdmin(server).messageMappings()
                #expect(stubs.count == 1)
                #expect(stubs.first?["name"] == "Classpath message stub")
                #expect(stubs.first?["id"] == "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee")
            }
        }
    }
}

// MARK: - MessageMappingValidationAcceptanceTest

/// Checks a 422 for a missing required field: WireMock answers
/// `{"errors": [{"code": 10, "source": {"pointer": "<field>"}, "title": "<field> is required"}]}`;
/// this asks for the status, the code, a pointer that ends at the field, and a title naming it.
private func expectMissingField(_ answer: AdminAnswer, _ field: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(answer.status == 422, "\(answer.text)", sourceLocation: sourceLocation)
    let error = answer.json?["errors"]?.arrayValue?.first
    #expect(error?["code"] == 10, "\(answer.text)", sourceLocation: sourceLocation)
    let pointer = error?["source"]?["pointer"]?.stringValue ?? ""
    #expect(pointer.split(separator: "/").last.map(String.init) == field, "the pointer \"\(pointer)\" should name \(field)", sourceLocation: sourceLocation)
    let title = error?["title"]?.stringValue ?? ""
    #expect(title.contains(field), "the title \"\(title)\" should name \(field)", sourceLocation: sourceLocation)
}

extension WireMockMessageConformanceTests {
    /// `src/test/java/com/github/tomakehurst/wiremock/MessageMappingValidationAcceptanceTest.java`
    /// at `9e93e34771df652cfdf42c9dff82022174b0a595` (TESTS.md §9): `POST
    /// /__admin/message-mappings` without a required field answers 422 naming it.
    struct MessageMappingValidationAcceptanceTest {
        /// TESTS.md §9.1
        @Test func sendActionWithNoMessageReturns422() async throws {
            try await withMockServer(HTTPMock()) { server in
                let answer = try await MessageAdmin(server).call("POST", "/message-mappings",
                                                                 #"{"actions": [{"type": "send", "channelTarget": {"type": "originating"}}]}"#)
                expectMissingField(answer, "message")
            }
        }

        /// TESTS.md §9.2. Understudy (difference 5): a `fixed-channel` target is refused as a
        /// fixed channel, before its fields are read; the status is WireMock's.
        @Test func fixedChannelTargetWithNoProviderNameReturns422() async throws {
            try await withMockServer(HTTPMock()) { server in
                let answer = try await MessageAdmin(server).call("POST", "/message-mappings", #"""
                    {"actions": [{"type": "send", "message": {"body": "test"}, "channelTarget": {"type": "fixed-channel", "channelName": "orders"}}]}
                    """#)
                #expect(answer.status == 422)
                #expect(answer.text.contains("fixed channels"), "\(answer.text)")
            }
        }

        /// TESTS.md §9.3. Understudy (difference 5): as §9.2.
        @Test func fixedChannelTargetWithNoChannelNameReturns422() async throws {
            try await withMockServer(HTTPMock()) { server in
                let answer = try await MessageAdmin(server).call("POST", "/message-mappings", #"""
                    {"actions": [{"type": "send", "message": {"body": "test"}, "channelTarget": {"type": "fixed-channel", "providerName": "events"}}]}
                    """#)
                #expect(answer.status == 422)
                #expect(answer.text.contains("fixed channels"), "\(answer.text)")
            }
        }

        /// TESTS.md §9.4
        @Test func httpRequestTriggerWithNoRequestPatternReturns422() async throws {
            try await withMockServer(HTTPMock()) { server in
                let answer = try await MessageAdmin(server).call("POST", "/message-mappings",
                                                                 #"{"trigger": {"type": "http-request"}, "actions": [{"type": "send", "message": {"body": "test"}}]}"#)
                expectMissingField(answer, "requestPattern")
            }
        }

        /// TESTS.md §9.5
        @Test func httpStubTriggerWithNoStubIdReturns422() async throws {
            try await withMockServer(HTTPMock()) { server in
                let answer = try await MessageAdmin(server).call("POST", "/message-mappings",
                                                                 #"{"trigger": {"type": "http-stub"}, "actions": [{"type": "send", "message": {"body": "test"}}]}"#)
                expectMissingField(answer, "stubId")
            }
        }
    }
}

// MARK: - MessageChannelApiValidationAcceptanceTest

extension WireMockMessageConformanceTests {
    /// `src/test/java/com/github/tomakehurst/wiremock/MessageChannelApiValidationAcceptanceTest.java`
    /// at `9e93e34771df652cfdf42c9dff82022174b0a595` (TESTS.md §10), its WebSocket test only:
    /// the others are about channel providers and fixed channels (difference 5), and so is
    /// the provider its `@BeforeEach` registers.
    struct MessageChannelApiValidationAcceptanceTest {
        /// TESTS.md §10.6 (the upper-case type is accepted; the missing message is the error).
        @Test func sendingMessageToWebsocketChannelsWithNoMessageBodyReturns422() async throws {
            try await withMockServer(HTTPMock()) { server in
                let answer = try await MessageAdmin(server).call("POST", "/channels/send",
                                                                 #"{"type": "WEBSOCKET", "initiatingRequest": {"url": "/ws"}}"#)
                expectMissingField(answer, "message")
            }
        }
    }
}

// MARK: - Fixed channels

extension WireMockMessageConformanceTests {
    /// Understudy's difference 5: what `ChannelProviderApiAcceptanceTest`,
    /// `FixedMessageChannelAcceptanceTest`, `InMemoryChannelDriverReceiveAcceptanceTest` and
    /// `CustomChannelDriverAcceptanceTest` (TESTS.md §11–§14, at
    /// `9e93e34771df652cfdf42c9dff82022174b0a595`) test is not served. A stub that needs a
    /// fixed channel is refused, so that it cannot silently never fire.
    struct FixedChannelsAreRefused {
        @Test func aStubWithAFixedChannelOrAFixedChannelTargetIsRefusedWith422() async throws {
            try await withMockServer(HTTPMock()) { server in
                let admin = MessageAdmin(server)
                // A trigger on a fixed channel (FixedMessageChannelAcceptanceTest's echo stubs).
                let trigger = try await admin.call("POST", "/message-mappings", #"""
                    {"name": "Echo on fixed channel",
                     "trigger": {"type": "message",
                                 "channel": {"type": "fixed", "channelProvider": "events", "channelName": {"equalTo": "orders"}},
                                 "message": {"body": {"equalTo": "ping"}}},
                     "actions": [\#(originatingSend("pong"))]}
                    """#)
                #expect(trigger.status == 422)
                #expect(trigger.text.contains("fixed channels"), "\(trigger.text)")
                // A send to a fixed channel (CustomChannelDriverAcceptanceTest's TO_CUSTOM).
                let target = try await admin.call("POST", "/message-mappings", #"""
                    {"name": "HTTP trigger via custom driver",
                     "trigger": {"type": "http-request", "requestPattern": {"urlPath": "/api/orders", "method": "ANY"}},
                     "actions": [{"type": "send", "message": {"body": {"data": "order-placed"}},
                                  "channelTarget": {"type": "fixed-channel", "providerName": "custom-events", "channelName": "orders"}}]}
                    """#)
                #expect(target.status == 422)
                #expect(target.text.contains("fixed channels"), "\(target.text)")
                #expect(try await admin.messageMappings().isEmpty)
            }
        }
    }
}
