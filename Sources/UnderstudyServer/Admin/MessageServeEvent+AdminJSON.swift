import Foundation
import Understudy
import UnderstudyMessaging

extension MessageServeEvent {
    /// WireMock 4's JSON for a message journal entry (`verification/MessageServeEvent.java`):
    /// the message as a string (left out when empty), the stub only on a matched received
    /// message, `wasMatched` always (true for sent messages).
    var adminJSON: JSONValue {
        var object: JSONObject = [
            "id": .string(id.uuidString.lowercased()),
            "eventType": .string(direction.rawValue),
            "channel": channel.adminJSON,
        ]
        if let message, !message.data.isEmpty { object["message"] = .string(message.text) }
        if direction == .received, let stub { object["stubMapping"] = stub.wireMockJSON }
        object["wasMatched"] = .bool(direction == .sent || wasMatched)
        object["timestamp"] = .string(RecordedRequest.isoString(timestamp))
        return .object(object)
    }
}

extension WebSocketChannelInfo {
    /// WireMock 4's JSON for a request-initiated channel (`verification/LoggedRequestInitiatedChannel.java`).
    var adminJSON: JSONValue {
        ["type": "websocket", "id": .string(id.uuidString.lowercased()), "open": .bool(isOpen),
         "initiatingRequest": openingRequest.loggedRequestJSON]
    }
}

extension MessageStubMapping {
    /// The metadata as JSON text, which metadata patterns are matched against (`{}` when empty).
    var metadataText: String { JSONValue.object(metadata).jsonText() }
}
