public import Understudy
// URLSession and URLRequest live in FoundationNetworking on Linux and in Foundation on Apple
// platforms; the module that declares them is imported publicly on each.
#if canImport(FoundationNetworking)
package import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

extension RecordedRequest {
    /// Records a `URLRequest`: method, absolute URL, headers (sorted by name, as
    /// `URLRequest` keeps no order) and the body from `httpBody` or `httpBodyStream`.
    public init(_ request: URLRequest, clientAddress: String = "in-process") {
        self.init(request, id: .random(), clientAddress: clientAddress)
    }

    /// Records a `URLRequest` under the given id (an in-process transport asks its mock for
    /// one: ``Understudy/HTTPMock/makeRequestID()``).
    package init(_ request: URLRequest, id: UUID, clientAddress: String = "in-process") {
        var headers = HTTPHeaders()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.add(name: name, value: value)
        }
        self.init(id: id, method: HTTPMethod(request.httpMethod ?? "GET"), url: request.url?.absoluteString ?? "/",
                  headers: headers, body: request.httpBody ?? request.httpBodyStream.map(Self.read) ?? Data(),
                  clientAddress: clientAddress)
    }

    private static func read(_ stream: InputStream) -> Data {
        var data = Data()
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
