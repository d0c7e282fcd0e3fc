import HTTPTypes
import Understudy

extension HTTPResponse {
    /// The planned status (with the stub's reason phrase, when it gives one) and header fields,
    /// in order, one field per value. A header name swift-http-types rejects (a planned name is
    /// a token, so none should be) is left out rather than failing the response.
    init(_ head: ResponseHead) {
        let status = head.reason.map { HTTPResponse.Status(code: head.status, reasonPhrase: $0) } ?? HTTPResponse.Status(code: head.status)
        var fields = HTTPFields()
        for field in head.headers {
            guard let name = HTTPField.Name(field.name) else { continue }
            fields.append(HTTPField(name: name, value: field.value))
        }
        self.init(status: status, headerFields: fields)
    }
}
