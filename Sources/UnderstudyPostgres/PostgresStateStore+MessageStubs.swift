package import Foundation
import PostgresNIO
import Understudy
package import UnderstudyMessaging
import UnderstudySupport

/// WebSocket message stubs, shared as WireMock 4 JSON: each instance's ``MessageHub`` writes
/// its changes here and reloads its copy when another instance changes them. Sockets and the
/// message journal stay with the instance that holds the socket.
extension PostgresStateStore: MessageStubSharing {
    package func sharedMessageStubs() -> [MessageStubMapping]? {
        attempt(nil) { () throws(PostgresStoreError) -> [MessageStubMapping]? in
            let rows = try pool.withConnection { connection in
                try connection.run("SELECT mapping FROM understudy_message_stubs ORDER BY position")
            }
            do {
                return try rows.flatMap { try WireMockMessageMappings.decode(Data($0.decode(String.self).utf8)) }
            } catch {
                throw .unreadable("message stub", error)
            }
        }
    }

    package func shareMessageStub(_ stub: MessageStubMapping) {
        let text = stub.wireMockJSON.jsonText()
        attempt(()) { () throws(PostgresStoreError) in
            try pool.transaction { connection in
                try connection.run("""
                    INSERT INTO understudy_message_stubs VALUES (\(stub.id), nextval('understudy_stub_order'), \(text))
                    ON CONFLICT (id) DO UPDATE SET position = excluded.position, mapping = excluded.mapping
                    """)
                try announce("messages", on: connection)
            }
        }
    }

    package func replaceSharedMessageStub(_ stub: MessageStubMapping) -> Bool {
        let text = stub.wireMockJSON.jsonText()
        return attempt(false) { () throws(PostgresStoreError) -> Bool in
            try pool.transaction { connection -> Bool in
                let updated = try connection.run("""
                    UPDATE understudy_message_stubs SET position = nextval('understudy_stub_order'), mapping = \(text)
                    WHERE id = \(stub.id) RETURNING id
                    """)
                guard !updated.isEmpty else { return false }
                try announce("messages", on: connection)
                return true
            }
        }
    }

    package func removeSharedMessageStubs(ids: [UUID]) {
        attempt(()) { () throws(PostgresStoreError) in
            try pool.transaction { connection in
                try connection.run("DELETE FROM understudy_message_stubs WHERE id = ANY(\(ids))")
                try announce("messages", on: connection)
            }
        }
    }

    package func observeMessageStubs(_ reload: @escaping @Sendable () -> Void) {
        messageStubObservers.withLock { $0.append(reload) }
    }
}
