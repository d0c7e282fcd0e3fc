import Foundation
import Understudy

extension RecordedRequest {
    /// The request as WireMock's `LoggedRequest` JSON: `url`, `absoluteUrl`, `method`,
    /// `clientIp`, `headers` (one string, or an array for repeated headers), `cookies`,
    /// `body`, `bodyAsBase64`, `browserProxyRequest`, `loggedDate` (epoch milliseconds),
    /// `loggedDateString`, `queryParams` (`{name: {key, values}}`), `formParams`, plus the
    /// journal `id` and, for a request an OpenAPI client sent, its `operationId` (Understudy
    /// additions WireMock clients ignore).
    var loggedRequestJSON: JSONValue {
        var object: JSONObject = [
            "id": .string(id.uuidString.lowercased()),
            "url": .string(url),
            "absoluteUrl": .string(absoluteURL),
            "method": .string(method.rawValue),
            "clientIp": .string(clientIP),
        ]
        object["headers"] = Self.multiValueObject(headers.names.map { ($0, headers.values(for: $0)) })
        var cookieValues: [(String, [String])] = []
        for cookie in cookies {
            if let index = cookieValues.firstIndex(where: { $0.0 == cookie.name }) {
                cookieValues[index].1.append(cookie.value)
            } else {
                cookieValues.append((cookie.name, [cookie.value]))
            }
        }
        object["cookies"] = Self.multiValueObject(cookieValues)
        object["browserProxyRequest"] = false
        let milliseconds = (timestamp.timeIntervalSince1970 * 1000).rounded(.down)
        object["loggedDate"] = .number(JSONNumber(text: String(Int64(milliseconds))))
        object["loggedDateString"] = .string(Self.isoString(timestamp))
        object["bodyAsBase64"] = .string(body.base64EncodedString())
        object["body"] = .string(bodyText)
        object["protocol"] = .string(protocolVersion ?? "HTTP/1.1")
        object["scheme"] = .string(scheme)
        object["host"] = .string(host)
        object["port"] = .number(JSONNumber(port))
        var queryParams = JSONObject()
        for item in queryItems {
            let values = queryParams[item.name]?["values"]?.arrayValue ?? []
            queryParams[item.name] = ["key": .string(item.name), "values": .array(values + [.string(item.value ?? "")])]
        }
        object["queryParams"] = .object(queryParams)
        object["formParams"] = .object(formParams)
        if let operationId { object["operationId"] = .string(operationId) }
        return .object(object)
    }

    /// Form parameters of an `application/x-www-form-urlencoded` body, as `queryParams`.
    private var formParams: JSONObject {
        guard headers["Content-Type"]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true else { return [:] }
        var params = JSONObject()
        for pair in bodyText.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let decode = { (text: Substring) in
                String(text).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text)
            }
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            let values = params[name]?["values"]?.arrayValue ?? []
            params[name] = ["key": .string(name), "values": .array(values + [.string(value)])]
        }
        return params
    }

    /// Reads WireMock's `LoggedRequest` JSON (the body of `POST /__admin/near-misses/request`).
    /// `absoluteUrl` wins over `url` for the host; `bodyAsBase64` wins over `body`; an
    /// `operationId` string is kept, so near misses of operation stubs can be asked for.
    init(loggedRequestJSON value: JSONValue) throws(AdminError) {
        guard case .object(let object) = value else {
            throw .invalidInput("expected a logged request object such as {\"url\": \"/users/42\", \"method\": \"GET\"}, found \(value.typeName)")
        }
        func string(_ key: String) throws(AdminError) -> String? {
            guard let member = object[key], member != .null else { return nil }
            guard case .string(let text) = member else {
                throw .invalidInput(pointer: "/\(key)", "\(key) must be a string, found \(member.typeName)")
            }
            return text
        }
        let absoluteURL = try string("absoluteUrl")
        let relativeURL = try string("url")
        guard let url = absoluteURL ?? relativeURL else {
            throw .invalidInput(pointer: "/url", "a logged request needs \"url\" or \"absoluteUrl\"")
        }
        var headers = HTTPHeaders()
        if let headerObject = object["headers"]?.objectValue {
            for member in headerObject {
                switch member.value {
                case .string(let text): headers.add(name: member.key, value: text)
                case .array(let items): for item in items { if let text = item.stringValue { headers.add(name: member.key, value: text) } }
                default: throw .invalidInput(pointer: "/headers/\(member.key)", "a header value must be a string or an array of strings")
                }
            }
        }
        if !headers.contains("Cookie"), let cookieObject = object["cookies"]?.objectValue, !cookieObject.isEmpty {
            var pairs: [String] = []
            for member in cookieObject {
                let values = member.value.arrayValue?.compactMap(\.stringValue) ?? [member.value.stringValue].compactMap { $0 }
                pairs += values.map { "\(member.key)=\($0)" }
            }
            headers.add(name: "Cookie", value: pairs.joined(separator: "; "))
        }
        var body = Data()
        if let base64 = try string("bodyAsBase64"), !base64.isEmpty {
            guard let data = Data(base64Encoded: base64) else {
                throw .invalidInput(pointer: "/bodyAsBase64", "bodyAsBase64 is not valid base64")
            }
            body = data
        } else if let text = try string("body") {
            body = Data(text.utf8)
        }
        var timestamp = Date()
        if let milliseconds = object["loggedDate"]?.doubleValue {
            timestamp = Date(timeIntervalSince1970: milliseconds / 1000)
        }
        let method = try string("method") ?? "GET"
        let clientIP = try string("clientIp") ?? "in-process"
        self.init(method: HTTPMethod(method), url: url, headers: headers, body: body,
                  clientAddress: clientIP, timestamp: timestamp, operationId: try string("operationId"))
    }

    /// Java's `ISO_ZONED_DATE_TIME` in UTC: `2024-05-01T10:00:00Z`, or with milliseconds
    /// `2024-05-01T10:00:00.123Z` when there are any.
    static func isoString(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = Date(timeIntervalSince1970: TimeInterval(milliseconds.floorDiv(1000)))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: seconds)
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                          parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
        let fraction = milliseconds - milliseconds.floorDiv(1000) * 1000
        if fraction != 0 { text += String(format: ".%03d", Int(fraction)) }
        return text + "Z"
    }

    /// `{name: value}` for single values, `{name: [values]}` for repeated ones.
    private static func multiValueObject(_ pairs: [(String, [String])]) -> JSONValue {
        var object = JSONObject()
        for (name, values) in pairs {
            object[name] = values.count == 1 ? .string(values[0]) : .array(values.map(JSONValue.string))
        }
        return .object(object)
    }
}

extension Int64 {
    /// Division rounding towards negative infinity (dates before 1970 stay correct).
    fileprivate func floorDiv(_ divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
