import Foundation
import Testing
import Understudy
import UnderstudyJSON
import UnderstudyPostgres
import UnderstudyServer
import UnderstudyTestSupport
import UnderstudyNetworkProfiles

extension PostgresTests {
    /// Two and three instances sharing a real PostgreSQL: what one is told, all answer; one
    /// scenario moves once per state whichever instance serves; the journal and verification see
    /// every instance's requests.
    @Suite struct SharedStateTests {
        @Test(.timeLimit(.minutes(2)))
        func aStubAddedThroughOneIsServedByTheOthers() async throws {
            try await PostgresCluster.with { cluster in
                try await SharedInstances.with(3, on: cluster) { shared in
                    let added = try await send(shared[0].baseURL, "/__admin/mappings", method: "POST", body: """
                        {"request": {"method": "GET", "url": "/hello"}, "response": {"status": 200, "body": "hi"}}
                        """)
                    #expect(added.status == 201)
                    // At once: a request that misses on an older copy of the stubs is checked
                    // against the database's version and matched again.
                    for instance in shared.instances {
                        let answer = try await send(instance.baseURL, "/hello")
                        #expect(answer.status == 200)
                        #expect(answer.body == "hi")
                    }
                    let id = try #require(JSONValue(parsing: added.body)["id"]?.stringValue)
                    let edited = try await send(shared[1].baseURL, "/__admin/mappings/\(id)", method: "PUT", body: """
                        {"request": {"method": "GET", "url": "/hello"}, "response": {"status": 200, "body": "edited"}}
                        """)
                    #expect(edited.status == 200)
                    // The instance that made the change serves it at once; the others once they
                    // hear of it (a request that matches is served from the copy it has).
                    #expect(try await send(shared[1].baseURL, "/hello").body == "edited")
                    try await waitUntil("the first instance hears of the edit") {
                        shared[0].store.localStubs.mappings.contains { mapping in
                            guard case .definition(let response) = mapping.response else { return false }
                            return (try? response.bodyData(root: nil)) == Data("edited".utf8)
                        }
                    }
                    #expect(try await send(shared[0].baseURL, "/hello").body == "edited")
                    #expect(try await send(shared[2].baseURL, "/__admin/mappings/\(id)", method: "DELETE").status == 200)
                    #expect(try await send(shared[2].baseURL, "/hello").status == 404)
                    try await waitUntil("the first instance hears of the removal") { shared[0].store.localStubs.mappings.isEmpty }
                    #expect(try await send(shared[0].baseURL, "/hello").status == 404)
                    // Without a request, by LISTEN/NOTIFY: the others' copies follow.
                    shared[0].mock.stub(.get(urlPath: "/notified"), .ok)
                    try await waitUntil("the other instances hear of the stub") {
                        shared.instances.allSatisfy { $0.store.localStubs.mappings.contains { $0.request.url == .urlPath("/notified") } }
                    }
                }
            }
        }

        /// The stored stub's JSON, and the journal's rendered answers, are read back by every
        /// instance with the extensions they were written with: a GraphQL matcher and an LLM
        /// answer, each from a feature target.
        @Test(.timeLimit(.minutes(2)))
        func aStubUsingUnderstudysExtensionsAddedThroughOneIsServedByTheOthers() async throws {
            try await PostgresCluster.with { cluster in
                try await SharedInstances.with(2, on: cluster) { shared in
                    let added = try await send(shared[0].baseURL, "/__admin/mappings", method: "POST", body: """
                        {"request": {"method": "POST", "urlPath": "/graphql",
                                     "customMatcher": {"name": "graphql-body-matcher", "parameters": {"query": "{ hero { name } }"}}},
                         "response": {"status": 200, "transformers": ["response-template"],
                                      "llm": {"api": "openai-chat", "text": ["Hel", "lo"]}}}
                        """)
                    #expect(added.status == 201, "\(added.body)")
                    for instance in shared.instances {
                        let answer = try await send(instance.baseURL, "/graphql", method: "POST", body: #"{"query": "{ hero { name } }"}"#)
                        #expect(answer.status == 200, "\(answer.body)")
                        #expect(answer.body.contains(#""content":"Hello""#), "\(answer.body)")
                    }
                    // The journal holds the rendered answer (an `llm` response), read back by any instance.
                    let journal = try await send(shared[1].baseURL, "/__admin/requests")
                    #expect(journal.status == 200, "\(journal.body)")
                    #expect(journal.body.components(separatedBy: #""url" : "/graphql""#).count - 1 == 2
                                || journal.body.components(separatedBy: #""url":"/graphql""#).count - 1 == 2, "\(journal.body)")
                }
            }
        }

        @Test(.timeLimit(.minutes(2)))
        func aScenarioAdvancedAcrossInstancesServesEachStateOnce() async throws {
            try await PostgresCluster.with { cluster in
                try await SharedInstances.with(3, on: cluster) { shared in
                    let states = 20
                    for index in 0..<states {
                        shared[index % 3].mock.stub(.get(urlPath: "/step"), .ok.body("\(index)"), scenario: "chain",
                                                     whenState: index == 0 ? Scenario.started : "s\(index)", willSetState: "s\(index + 1)")
                    }
                    // Answers whatever no scenario stub takes: a request matched on a stale state
                    // would land here instead of its state's stub.
                    shared[0].mock.stub(.get(urlPath: "/step"), .ok.body("done"), priority: 10)
                    let bodies = try await withThrowingTaskGroup(of: String.self) { group in
                        for request in 0..<(states * 3) {
                            let url = shared[request % 3].baseURL
                            group.addTask { try await send(url, "/step").body }
                        }
                        var bodies: [String] = []
                        for try await body in group { bodies.append(body) }
                        return bodies
                    }
                    #expect(bodies.compactMap(Int.init).sorted() == Array(0..<states))
                    #expect(bodies.filter { $0 == "done" }.count == states * 2)
                    for instance in shared.instances {
                        #expect(instance.mock.scenarios.first { $0.name == "chain" }?.state == "s\(states)")
                    }
                }
            }
        }

        @Test(.timeLimit(.minutes(2)))
        func settingsSetThroughOneApplyToEveryInstanceAndToLaterOnes() async throws {
            try await PostgresCluster.with { cluster in
                let url = try await cluster.makeDatabase()
                let shared = try await SharedInstances.start(2, url: url)
                defer { Task { await shared.stop() } }
                let set = try await send(shared[0].baseURL, "/__admin/settings", method: "POST",
                                         body: #"{"fixedDelay": 250, "networkProfile": "3G", "extended": {"team": "checkout"}}"#)
                #expect(set.status == 200)
                try await waitUntil("the other instance takes the settings") {
                    shared[1].mock.globalDelays.fixedDelayMilliseconds == 250 && shared[1].mock.networkProfile == .threeG
                }
                let read = try JSONValue(parsing: try await send(shared[1].baseURL, "/__admin/settings").body)
                #expect(read["settings"]?["extended"]?["team"]?.stringValue == "checkout")
                // An instance that starts later takes them on start.
                let later = try await SharedInstances.start(1, url: url)
                #expect(later[0].mock.globalDelays.fixedDelayMilliseconds == 250)
                await later.stop()
                await shared.stop()
            }
        }

        @Test(.timeLimit(.minutes(2)))
        func aStreamsDeliveryReachesTheSharedJournal() async throws {
            try await PostgresCluster.with { cluster in
                try await SharedInstances.with(2, on: cluster) { shared in
                    shared[0].mock.stub(.get(urlPath: "/events"), .ok.eventStream([ServerSentEvent(data: "one"), ServerSentEvent(data: "two")]))
                    let answer = try await send(shared[0].baseURL, "/events")
                    #expect(answer.body.contains("data: two"))
                    // Recorded after the stream ends, off the event loop: seen by the other instance.
                    try await waitUntil("the delivery is journaled") {
                        shared[1].mock.serveEvents.first?.streamDelivery == StreamDelivery(partsDelivered: 2, parts: 2, clientLeftEarly: false)
                    }
                }
            }
        }

        @Test(.timeLimit(.minutes(2)))
        func verificationAndTheJournalSeeEveryInstance() async throws {
            try await PostgresCluster.with { cluster in
                try await SharedInstances.with(3, on: cluster) { shared in
                    shared[0].mock.stub(.request(.get, .urlPathPattern("/from/.*")), .ok)
                    for (index, instance) in shared.instances.enumerated() {
                        for request in 0..<2 { _ = try await send(instance.baseURL, "/from/\(index)/\(request)") }
                    }
                    let journal = try JSONValue(parsing: try await send(shared[0].baseURL, "/__admin/requests").body)
                    let urls = journal["requests"]?.arrayValue?.compactMap { $0["request"]?["url"]?.stringValue } ?? []
                    #expect(Set(urls) == Set((0..<3).flatMap { index in (0..<2).map { "/from/\(index)/\($0)" } }))
                    let counted = try await send(shared[2].baseURL, "/__admin/requests/count", method: "POST",
                                                 body: #"{"method": "GET", "urlPathPattern": "/from/.*"}"#)
                    #expect(try JSONValue(parsing: counted.body)["count"]?.intValue == 6)
                    try shared[1].mock.verify(.exactly(6), .request(.get, .urlPathPattern("/from/.*")))
                    #expect(shared[2].mock.callCount(ofStub: try #require(shared[0].mock.stubMappings.first).id) == 6)

                    // A task waiting on one instance wakes for a request another serves.
                    let waiting = Task { try await shared[0].mock.waitForRequests(matching: .get(urlPath: "/late"), timeout: .seconds(30)) }
                    _ = try await send(shared[2].baseURL, "/late")
                    #expect(try await waiting.value.map(\.url) == ["/late"])
                }
            }
        }
    }
}
