import Foundation
import Understudy
import UnderstudyFakes
import UnderstudySupport

/// Makes a value that fits a schema, the same for the same seed: the schema's own `examples`,
/// `example`, `const`, `default` or first `enum` value when it has one (an example or default
/// that does not fit the schema is left out); otherwise values from
/// `Fake` (UnderstudyFakes) where the `format` or the property name says what a field is
/// (`email`, `uuid`, `date-time`, `firstName`, `city`…), and plain seeded values elsewhere.
///
/// The work is bounded, whatever the schema: an optional member or alternative that refers back
/// to a `$ref` already being generated is left out (a tree gets leaves), and after
/// ``valueBudget`` values only required members and `minItems` items are made, after
/// ``hardLimit`` none, so a recursive or wide schema cannot hang start-up.
struct OpenAPIValueGenerator {
    /// How deep objects and arrays nest before only required members are made (then nothing).
    static let maximumDepth = 8
    /// The most items a generated array has, whatever `minItems` asks.
    static let maximumItems = 1_000
    /// The longest a generated string is, whatever `minLength` asks.
    static let maximumLength = 10_000
    /// The values one `generate()` makes before it makes only what the schema requires.
    static let valueBudget = 10_000
    /// The values one `generate()` makes before objects and arrays are left empty.
    static let hardLimit = 100_000

    /// How many times a value is made again without the schema examples and defaults that do not fit.
    static let exampleRetries = 4

    private var fake: Fake
    private let schema: OpenAPISchema
    /// The `$ref`s being generated, outermost first.
    private var active: [String] = []
    /// The values made so far.
    private var made = 0
    /// Where in the value being made the member or item being made is, as JSON pointer tokens.
    private var location: [String] = []
    /// Where a schema's own example or default went into the value being made, as JSON pointers.
    private var writtenValuesUsed: [String] = []
    /// The places whose schema example or default does not fit, where a value is generated instead.
    private var contradicting: Set<String> = []
    /// Whether the budget is spent: only required members and `minItems` items from now on.
    private var lean: Bool { made >= Self.valueBudget }

    init(schema: OpenAPISchema, seed: UInt64) {
        self.schema = schema
        fake = Fake(seed: seed)
    }

    mutating func generate() -> JSONValue {
        // A document's schema-level example or default can contradict the schema around it
        // (OpenAI's `Response` example has `"user": null` where `user` is a string; `default:
        // null` on an object): then the value is made again without the ones a failure sits in
        // (a few times, as the values made in their place can hold examples of their own), so
        // that the answer fits the document.
        var avoided: Set<String> = []
        var value = generate(avoiding: avoided)
        for _ in 0..<Self.exampleRetries where !writtenValuesUsed.isEmpty {
            let failures = schema.validate(value).map(\.instancePath)
            // A failure inside an example, or around it (a `oneOf` none of whose branches fits
            // is reported where the `oneOf` is).
            let contradicting = writtenValuesUsed.filter { place in failures.contains { Self.nested(place, $0) || Self.nested($0, place) } }
            guard !contradicting.isEmpty else { break }
            avoided.formUnion(contradicting)
            value = generate(avoiding: avoided)
        }
        return value
    }

    /// Where the value being made is, as a JSON pointer, unless a written value does not fit there.
    private func usablePlace() -> String? {
        let place = location.map { "/" + JSONPointer.escape($0) }.joined()
        return contradicting.contains(place) ? nil : place
    }

    /// Whether the JSON pointer `inner` is `outer` or inside it.
    private static func nested(_ inner: String, _ outer: String) -> Bool {
        inner == outer || inner.hasPrefix(outer + "/") || outer.isEmpty
    }

    private mutating func generate(avoiding contradicting: Set<String>) -> JSONValue {
        made = 0
        active = []
        location = []
        writtenValuesUsed = []
        self.contradicting = contradicting
        return value(for: schema.json, name: nil, depth: 0)
    }

    /// Whether a schema as written refers to a `$ref` being generated, itself or through its
    /// `allOf`/`oneOf`/`anyOf` parts or `items` (not following other references).
    private func loopsBack(_ written: JSONValue) -> Bool {
        guard case .object(let keywords) = written else { return false }
        if let reference = keywords["$ref"]?.stringValue, active.contains(reference) { return true }
        let parts = ["allOf", "oneOf", "anyOf"].flatMap { keywords[$0]?.arrayValue ?? [] } + [keywords["items"]].compactMap { $0 }
        return parts.contains(where: loopsBack)
    }

    /// The value of a member or item, at `token` within the value being made.
    private mutating func value(for written: JSONValue, name: String?, depth: Int, at token: String) -> JSONValue {
        location.append(token)
        defer { location.removeLast() }
        return value(for: written, name: name, depth: depth)
    }

    private mutating func value(for written: JSONValue, name: String?, depth: Int) -> JSONValue {
        made += 1
        let reference = written["$ref"]?.stringValue
        if let reference { active.append(reference) }
        defer { if reference != nil { active.removeLast() } }
        return resolvedValue(for: written, name: name, depth: depth)
    }

    private mutating func resolvedValue(for written: JSONValue, name: String?, depth: Int) -> JSONValue {
        // A schema that refers to itself through allOf/oneOf/anyOf without nesting a value
        // (`Node: {anyOf: [{$ref: Node}, …]}`) ends here instead of recursing forever.
        guard depth <= Self.maximumDepth * 3 else { return .null }
        let node = schema.resolved(written)
        guard case .object(let keywords) = node else { return node == .bool(false) ? .null : .object([:]) }
        if let example = keywords["examples"]?.arrayValue?.first ?? keywords["example"], let place = usablePlace() {
            writtenValuesUsed.append(place)
            return example
        }
        if let constant = keywords["const"] { return constant }
        if let fallback = keywords["default"], let place = usablePlace() {
            writtenValuesUsed.append(place)
            return fallback
        }
        if let options = keywords["enum"]?.arrayValue, let first = options.first(where: { $0 != .null }) ?? options.first { return first }
        if let parts = keywords["allOf"]?.arrayValue, !parts.isEmpty {
            // The schema's own keywords and each part describe one value: objects are merged; a
            // schema with no type of its own takes the first part's value (`allOf: [$ref, {nullable: true}]`).
            var rest = keywords
            rest["allOf"] = nil
            // A part that leads back into a schema being generated (`Cat: {allOf: [{$ref: Pet}, …]}`
            // under `Pet: {oneOf: [{$ref: Cat}, …]}`) adds only its own members, not its alternatives again.
            let parts = parts.map { part in
                guard loopsBack(part), case .object(var own) = schema.resolved(part) else { return part }
                for key in ["oneOf", "anyOf", "discriminator"] { own[key] = nil }
                return .object(own)
            }
            let typed = ["type", "properties", "items", "enum", "const"].contains { rest[$0] != nil }
            var result = typed ? value(for: .object(rest), name: name, depth: depth + 1) : value(for: parts[0], name: name, depth: depth + 1)
            for part in typed ? parts[...] : parts.dropFirst() {
                if case .object(let extra) = value(for: part, name: name, depth: depth + 1), case .object(var object) = result {
                    for member in extra where object[member.key] == nil { object[member.key] = member.value }
                    result = .object(object)
                }
            }
            // A member one part requires and another declares (`PagingObject` requires `items`,
            // which the part beside it declares as optional) is required of the whole value.
            if case .object(var object) = result, depth < Self.maximumDepth * 2 {
                let whole: [JSONValue] = [.object(rest)] + parts
                for required in requiredNames(in: whole) where object[required] == nil {
                    guard let property = declaredProperty(required, in: whole),
                          schema.resolved(property)["writeOnly"] != .bool(true) else { continue }
                    object[required] = value(for: property, name: required, depth: depth + 1, at: required)
                }
                result = .object(object)
            }
            return result
        }
        for key in ["oneOf", "anyOf"] {
            guard let alternatives = keywords[key]?.arrayValue, let first = alternatives.first else { continue }
            // An alternative that does not lead back into a schema being generated, so
            // `Node: {anyOf: [{$ref: Node}, {type: string}]}` ends with a string.
            let chosen = alternatives.first { !loopsBack($0) } ?? first
            var result = value(for: chosen, name: name, depth: depth + 1)
            if let property = keywords["discriminator"]?["propertyName"]?.stringValue, case .object(var object) = result,
               let reference = chosen["$ref"]?.stringValue {
                let values = OpenAPIDiscriminator.values(naming: reference, property: property, discriminator: keywords["discriminator"]) {
                    schema.resolved(["$ref": .string($0)])
                }
                // The value generated from the alternative's own schema when that already names it.
                if object[property]?.stringValue.map(values.contains) != true, let first = values.first { object[property] = .string(first) }
                result = .object(object)
            }
            return result
        }
        let types = (keywords["type"].map { $0.arrayValue ?? [$0] } ?? []).compactMap(\.stringValue)
        let type = types.first { $0 != "null" } ?? types.first ?? (keywords["properties"] != nil ? "object" : keywords["items"] != nil ? "array" : "string")
        switch type {
        case "object": return object(keywords, depth: depth)
        case "array": return array(keywords, name: name, depth: depth)
        case "integer": return .number(JSONNumber(integer(keywords, name: name)))
        case "number": return .number(JSONNumber(number(keywords)))
        case "boolean": return .bool(fake.bool())
        case "null": return .null
        default: return .string(string(keywords, name: name))
        }
    }

    /// The `required` names of schemas and their `allOf` parts, following `$ref`s, in order.
    private func requiredNames(in schemas: [JSONValue]) -> [String] {
        var names: [String] = []
        walkAllOf(schemas) { keywords in
            for name in (keywords["required"]?.arrayValue ?? []).compactMap(\.stringValue) where !names.contains(name) { names.append(name) }
            return false
        }
        return names
    }

    /// The schema of property `name` as the first of `schemas` (or their `allOf` parts) declaring it has it.
    private func declaredProperty(_ name: String, in schemas: [JSONValue]) -> JSONValue? {
        var found: JSONValue?
        walkAllOf(schemas) { keywords in
            found = keywords["properties"]?[name]
            return found != nil
        }
        return found
    }

    /// Visits each schema and its `allOf` parts (resolved, each `$ref` once) until `visit` says stop.
    private func walkAllOf(_ schemas: [JSONValue], _ visit: (JSONObject) -> Bool) {
        OpenAPIAllOfWalk.visit(schemas, resolve: { schema.resolved(["$ref": .string($0)]) }, visit)
    }

    private mutating func object(_ keywords: JSONObject, depth: Int) -> JSONValue {
        guard made < Self.hardLimit else { return .object([:]) }
        let required = Set((keywords["required"]?.arrayValue ?? []).compactMap(\.stringValue))
        var members: [JSONObject.Member] = []
        if case .object(let properties)? = keywords["properties"] {
            // Generated values are answers, which never carry writeOnly properties (passwords…).
            for property in properties where schema.resolved(property.value)["writeOnly"] != .bool(true) {
                // Optional members are left out deep down, once the budget is spent, and when
                // they lead back into a schema being generated (a node's optional children).
                guard required.contains(property.key) || (depth < Self.maximumDepth && !lean && !loopsBack(property.value)) else { continue }
                guard depth < Self.maximumDepth * 2 else { break }
                members.append(JSONObject.Member(key: property.key, value: value(for: property.value, name: property.key, depth: depth + 1, at: property.key)))
            }
        }
        return .object(JSONObject(members))
    }

    private mutating func array(_ keywords: JSONObject, name: String?, depth: Int) -> JSONValue {
        guard depth < Self.maximumDepth, made < Self.hardLimit else { return .array([]) }
        let items = keywords["items"] ?? .object([:])
        // At most `maximumItems`, so a schema asking for a million items does not make them; only
        // `minItems` once the budget is spent or when the items lead back into a schema being generated.
        let required = min(max(keywords["minItems"]?.intValue ?? 0, 0), Self.maximumItems)
        let minimum = min(keywords["minItems"]?.intValue ?? 1, Self.maximumItems)
        let maximum = keywords["maxItems"]?.intValue ?? max(minimum, 2)
        let count = lean || loopsBack(items) ? required : max(0, min(max(minimum, 2), maximum))
        return .array((0..<count).map { index in value(for: items, name: name.map(Self.singular), depth: depth + 1, at: String(index)) })
    }

    private static func singular(_ name: String) -> String { name.hasSuffix("s") ? String(name.dropLast()) : name }

    /// The largest integer a `Double` holds exactly; bounds beyond it are clamped.
    private static let safeLimit = 9_007_199_254_740_991.0

    /// The inclusive range a number must be in: `minimum`/`maximum`, and `exclusiveMinimum`/
    /// `exclusiveMaximum` (the next integer inward for integers), clamped to ±2^53; a side with
    /// no bound is `width` away from the other (or from `fallback`).
    private func bounds(_ keywords: JSONObject, integral: Bool, fallback: ClosedRange<Double>) -> ClosedRange<Double> {
        let lows = [keywords["minimum"]?.doubleValue, keywords["exclusiveMinimum"]?.doubleValue.map { integral ? ($0 + 1).rounded(.down) : $0 }]
        let highs = [keywords["maximum"]?.doubleValue, keywords["exclusiveMaximum"]?.doubleValue.map { integral ? ($0 - 1).rounded(.up) : $0 }]
        let width = fallback.upperBound - fallback.lowerBound
        var low = lows.compactMap { $0 }.max()
        var high = highs.compactMap { $0 }.min()
        switch (low, high) {
        case (nil, nil): (low, high) = (fallback.lowerBound, fallback.upperBound)
        case (let low?, nil): high = low + width
        case (nil, let high?): low = high - width
        default: break
        }
        let clampedLow = min(max(low ?? 0, -Self.safeLimit), Self.safeLimit)
        let clampedHigh = min(max(high ?? 0, -Self.safeLimit), Self.safeLimit)
        return min(clampedLow, clampedHigh)...max(clampedLow, clampedHigh)
    }

    private mutating func integer(_ keywords: JSONObject, name: String?) -> Int {
        let range = bounds(keywords, integral: true, fallback: 1...1_000)
        var low = Int(range.lowerBound.rounded(.up)), high = Int(range.upperBound.rounded(.down))
        if high < low { high = low }
        if let step = keywords["multipleOf"]?.doubleValue, step >= 1, step.rounded() == step, step < Self.safeLimit {
            let multiple = Int(step)
            low = (low + multiple - 1).flooredQuotient(dividingBy: multiple) * multiple
            high = high.flooredQuotient(dividingBy: multiple) * multiple
            return high < low ? low : fake.int(in: low / multiple...high / multiple) * multiple
        }
        return fake.int(in: low...high)
    }

    private mutating func number(_ keywords: JSONObject) -> Double {
        let range = bounds(keywords, integral: false, fallback: 0...100)
        let value = (fake.double(in: range) * 100).rounded() / 100
        let fits = range.contains(value)
            && keywords["exclusiveMinimum"]?.doubleValue.map { value > $0 } ?? true
            && keywords["exclusiveMaximum"]?.doubleValue.map { value < $0 } ?? true
        return fits ? value : (range.lowerBound + range.upperBound) / 2
    }

    private mutating func string(_ keywords: JSONObject, name: String?) -> String {
        let text = formatted(keywords["format"]?.stringValue) ?? named(name) ?? fake.word()
        let minimum = min(keywords["minLength"]?.intValue ?? 0, Self.maximumLength)
        var result = text
        while result.count < minimum { result += fake.word() }
        if let maximum = keywords["maxLength"]?.intValue, result.count > maximum { result = String(result.prefix(max(0, maximum))) }
        if let pattern = keywords["pattern"]?.stringValue {
            // A document can bound lengths the wrong way round; the range must not trap then.
            let lengths = minimum...max(minimum, keywords["maxLength"]?.intValue ?? Int.max)
            return patterned(pattern, preferring: result, lengths: lengths)
        }
        return result
    }

    /// A value that fits `pattern` and `lengths`: `preferred` when it does, else the first of a
    /// few common shapes that does (codes, numbers, identifiers, dates), else one written from
    /// the pattern (``RegexSampler``); `preferred` when none does.
    private mutating func patterned(_ pattern: String, preferring preferred: String, lengths: ClosedRange<Int>) -> String {
        // BoundedRegex gives up on a match that backtracks too long (`(a+)+$` on a long text).
        guard let regex = try? BoundedRegex(pattern) else { return preferred }
        let word = fake.word()
        let number = fake.int(in: 1...999_999)
        let candidates = [
            preferred, word, word.uppercased(), word.capitalized, fake.countryCode(),
            String(word.uppercased().prefix(3)), String(word.prefix(3)), String(word.uppercased().prefix(4)), String(number),
            String(format: "%04d", number % 10_000), String(format: "%05d", number % 100_000), String(format: "%06d", number), "\(word)-\(number)", "\(word.uppercased())\(number)", "\(word)_\(number)",
            fake.uuid().uuidString.lowercased(), fake.uuid().uuidString, Self.timestamp(fake.date(in: Self.dateRange), dateOnly: true),
            "+1555\(String(format: "%07d", number))", "\(word)@example.com", "ABC", "abc", "Abc1",
        ]
        func fits(_ candidate: String) -> Bool {
            guard lengths.contains(candidate.count), case .matched = regex.firstMatch(in: candidate) else { return false }
            return true
        }
        if let candidate = candidates.first(where: fits) { return candidate }
        for _ in 0..<3 {
            if let sample = RegexSampler.sample(pattern, using: &fake), fits(sample) { return sample }
        }
        return preferred
    }

    private mutating func formatted(_ format: String?) -> String? {
        switch format {
        case "uuid": return fake.uuid().uuidString.lowercased()
        case "email", "idn-email": return fake.email()
        case "uri", "url", "uri-reference", "iri": return fake.url().absoluteString
        case "hostname", "idn-hostname": return fake.url().host ?? "example.com"
        case "ipv4": return "192.0.2.\(fake.int(in: 1...254))"
        case "ipv6": return "2001:db8::\(String(fake.int(in: 1...0xffff), radix: 16))"
        case "date-time": return Self.timestamp(fake.date(in: Self.dateRange), dateOnly: false)
        case "date": return Self.timestamp(fake.date(in: Self.dateRange), dateOnly: true)
        case "time": return String(format: "%02d:%02d:%02dZ", fake.int(in: 0...23), fake.int(in: 0...59), fake.int(in: 0...59))
        case "byte": return Data(fake.word().utf8).base64EncodedString()
        default: return nil
        }
    }

    /// 2020-01-01 to 2030-01-01, so generated dates look current and stay the same for a seed.
    private static let dateRange = Date(timeIntervalSince1970: 1_577_836_800)...Date(timeIntervalSince1970: 1_893_456_000)

    private static func timestamp(_ date: Date, dateOnly: Bool) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 2020, parts.month ?? 1, parts.day ?? 1)
        return dateOnly ? day : day + String(format: "T%02d:%02d:%02dZ", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0)
    }

    /// A value for a string property whose name says what it holds.
    private mutating func named(_ name: String?) -> String? {
        guard let name else { return nil }
        let key = name.lowercased().replacingOccurrences(of: "_", with: "").replacingOccurrences(of: "-", with: "")
        switch key {
        case "email", "emailaddress", "mail": return fake.email()
        case "firstname", "givenname", "forename": return fake.firstName()
        case "lastname", "surname", "familyname": return fake.surname()
        case "fullname", "username", "displayname", "author", "owner": return fake.fullName()
        case "city", "town": return fake.city()
        case "country": return fake.country()
        case "countrycode": return fake.countryCode()
        case "street", "streetname": return fake.street()
        case "address", "streetaddress", "address1", "addressline1": return fake.streetAddress()
        case "phone", "phonenumber", "mobile", "telephone": return fake.mobilePhone()
        case "company", "organization", "organisation", "companyname": return fake.company()
        case "url", "website", "homepage", "link", "href", "avatarurl", "imageurl", "photourl": return fake.url().absoluteString
        case "id", "uuid", "guid": return fake.uuid().uuidString.lowercased()
        case "description", "summary", "bio", "comment", "message": return fake.sentence()
        default: return nil
        }
    }
}

private extension Int {
    /// The quotient rounded toward negative infinity (`-7 / 2` is `-4`), so multiples of a step
    /// are found on both sides of zero.
    func flooredQuotient(dividingBy divisor: Int) -> Int {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? quotient - 1 : quotient
    }
}
