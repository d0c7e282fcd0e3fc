public import Foundation
import Understudy
import UnderstudySupport

/// Seeded fake data that looks real: the same seed gives the same values on every platform.
///
/// ```swift
/// var fake = Fake(seed: 7)
/// let name = fake.fullName()        // always the same for seed 7
/// let email = fake.email()
/// ```
public struct Fake: Sendable {
    private var generator: SplitMix64
    /// The seed this generator started from (print it to replay a run).
    public let seed: UInt64

    /// A generator for `seed`.
    public init(seed: UInt64) {
        self.seed = seed
        self.generator = SplitMix64(seed: seed)
    }

    /// A generator with a random seed (read ``seed`` to replay it).
    public static func unseeded() -> Fake {
        var system = SystemRandomNumberGenerator()
        return Fake(seed: system.next())
    }

    // MARK: Numbers and choices

    /// An integer in the range.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound)) &+ 1
        if width == 0 { return Int(bitPattern: UInt(generator.next())) }
        return range.lowerBound &+ Int(generator.next(below: width))
    }

    /// A decimal in the range.
    public mutating func double(in range: ClosedRange<Double>) -> Double {
        let unit = Double(generator.next() >> 11) / Double(1 << 53)
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }

    /// A boolean.
    public mutating func bool() -> Bool { generator.next() & 1 == 1 }

    /// One element of the array, or `nil` when it is empty (as `randomElement()`).
    public mutating func element<T>(of items: [T]) -> T? {
        items.isEmpty ? nil : pick(items)
    }

    /// One element of a built-in data table, which is never empty.
    private mutating func pick<T>(_ items: [T]) -> T { items[int(in: 0...(items.count - 1))] }

    // MARK: People

    /// A first name.
    public mutating func firstName() -> String { pick(bool() ? FakeData.femaleFirstNames : FakeData.maleFirstNames) }
    /// A surname.
    public mutating func surname() -> String { pick(FakeData.surnames) }
    /// `First Last`.
    public mutating func fullName() -> String { "\(firstName()) \(surname())" }

    /// An email with valid syntax on a reserved example domain, derived from a name.
    public mutating func email() -> String {
        let local = "\(firstName()).\(surname())".lowercased().filter { $0.isASCII && ($0.isLetter || $0 == ".") }
        return "\(local)\(int(in: 1...99))@\(pick(FakeData.emailDomains))"
    }

    /// An Italian mobile number: `+39 3xx xxx xxxx`.
    public mutating func mobilePhone() -> String {
        "+39 3\(int(in: 20...99)) \(int(in: 100...999)) \(int(in: 1000...9999))"
    }

    /// An Italian landline number: `+39 0x xxxx xxxx`.
    public mutating func landlinePhone() -> String {
        "+39 0\(int(in: 2...99)) \(int(in: 1000...9999)) \(int(in: 1000...9999))"
    }

    // MARK: Places

    /// A street name with its type: `Via Garibaldi` or `Oak Street`.
    public mutating func street() -> String {
        bool() ? "Via \(pick(FakeData.streetNames))" : "\(pick(FakeData.streetNames)) \(pick(FakeData.streetTypes))"
    }

    /// A street address with a number.
    public mutating func streetAddress() -> String { "\(street()) \(int(in: 1...250))" }
    /// A large city.
    public mutating func city() -> String { pick(FakeData.cities) }
    /// An Italian province name.
    public mutating func province() -> String { pick(FakeData.provinces).name }
    /// An Italian region.
    public mutating func region() -> String { pick(FakeData.provinces).region }
    /// A country name.
    public mutating func country() -> String { pick(FakeData.countries).name }
    /// An ISO 3166-1 alpha-2 country code.
    public mutating func countryCode() -> String { pick(FakeData.countries).code }

    // MARK: Business and web

    /// A company name built from a surname and a suffix.
    public mutating func company() -> String { "\(surname()) \(pick(FakeData.companySuffixes))" }

    /// An `https` URL on a reserved example domain.
    public mutating func url() -> URL {
        URL(string: "https://\(pick(FakeData.emailDomains))/\(word())/\(int(in: 1...9999))")!
    }

    /// A UUID drawn from the seeded generator (version 4 bits set).
    public mutating func uuid() -> UUID {
        var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    // MARK: Text and dates

    /// A lorem ipsum word.
    public mutating func word() -> String { pick(FakeData.loremWords) }

    /// A sentence of 4–12 words, capitalised, ending with a full stop.
    public mutating func sentence() -> String {
        let words = (0..<int(in: 4...12)).map { _ in word() }.joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst() + "."
    }

    /// A paragraph of 3–6 sentences.
    public mutating func paragraph() -> String { (0..<int(in: 3...6)).map { _ in sentence() }.joined(separator: " ") }

    /// A date in the range, to the second.
    public mutating func date(in range: ClosedRange<Date>) -> Date {
        let seconds = Int(range.upperBound.timeIntervalSince(range.lowerBound))
        return range.lowerBound.addingTimeInterval(TimeInterval(int(in: 0...max(0, seconds))))
    }
}
