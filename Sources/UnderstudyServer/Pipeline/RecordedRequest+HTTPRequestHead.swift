import Foundation
import NIOCore
import NIOHTTP1
import Understudy

extension RecordedRequest {
    /// The request as the journal records it, from the head and body NIO read on `channel`:
    /// origin-form URLs get the connection's scheme (and the `Host` header's authority behind
    /// TLS), so stubs match `https://` URLs as WireMock does.
    init(_ head: HTTPRequestHead, body: ByteBuffer, scheme: String, channel: any Channel, id: UUID, clientAddress: String) {
        // Allocated once at their final size (`map` over NIO's headers, a plain sequence, grew
        // the array as it went).
        var fields: [Understudy.HTTPHeaders.Field] = []
        fields.reserveCapacity(head.headers.count)
        for (name, value) in head.headers { fields.append(Understudy.HTTPHeaders.Field(name: name, value: value)) }
        let headers = Understudy.HTTPHeaders(fields)
        let url: String
        let hostHeader = head.headers.first(name: "Host")
        if head.uri.hasPrefix("/"), let host = hostHeader {
            // Origin form: the scheme is the connection's (https behind TLS), the host the header's.
            url = scheme == "http" ? head.uri : "\(scheme)://\(host)\(head.uri)"
        } else if head.uri.hasPrefix("/"), let local = channel.localAddress {
            url = "\(scheme)://\(local.ipAddress ?? "127.0.0.1"):\(local.port ?? 80)\(head.uri)"
        } else {
            url = head.uri
        }
        // An HTTP/2 stream's head says HTTP/2.0 (NIO's frame-to-HTTP/1 codec), as Jetty tells WireMock.
        // The usual versions are constant strings: nothing is formatted per request.
        let version = switch head.version {
        case .http1_1: "HTTP/1.1"
        case .http2: "HTTP/2.0"
        default: "HTTP/\(head.version.major).\(head.version.minor)"
        }
        self.init(id: id, method: Understudy.HTTPMethod(head.method.rawValue), url: url, hostHeader: hostHeader, headers: headers,
                  body: body.readableBytes == 0 ? Data() : Data(body.readableBytesView), clientAddress: clientAddress,
                  protocolVersion: version)
    }

    /// `ip:port` of a channel's peer, as the journal records it.
    static func clientAddress(of channel: any Channel) -> String {
        channel.remoteAddress.map { "\($0.ipAddress ?? "unknown"):\($0.port ?? 0)" } ?? "unknown"
    }
}
