public import Foundation

/// The kinds of value `String.fake(_:)` produces.
public enum FakeKind: Sendable, CaseIterable {
    case int, uint, positiveInt, url, uuid, firstName, surname, city, street, month, year, country, province
    case email, mobilePhone, landlinePhone, loremIpsum
}

extension String {
    /// A fake string of the given kind (a UUID string by default), drawn from the current
    /// seeded scope (`Fake.withSeed` or the `.fakes` testing trait).
    public static func fake(_ kind: FakeKind = .uuid) -> String {
        FakeScope.draw { fake in
            switch kind {
            case .int: String(fake.int(in: -1_000_000...1_000_000))
            case .uint: String(fake.int(in: 0...1_000_000))
            case .positiveInt: String(fake.int(in: 1...1_000_000))
            case .url: fake.url().absoluteString
            case .uuid: fake.uuid().uuidString
            case .firstName: fake.firstName()
            case .surname: fake.surname()
            case .city: fake.city()
            case .street: fake.streetAddress()
            case .month: ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                          "October", "November", "December"][fake.int(in: 0...11)]
            case .year: String(fake.int(in: 1950...2030))
            case .country: fake.country()
            case .province: fake.province()
            case .email: fake.email()
            case .mobilePhone: fake.mobilePhone()
            case .landlinePhone: fake.landlinePhone()
            case .loremIpsum: fake.paragraph()
            }
        }
    }
}

extension Int {
    /// A fake integer in the range, from the current seeded scope.
    public static func fake(in range: ClosedRange<Int> = 0...1_000) -> Int { FakeScope.draw { $0.int(in: range) } }
}

extension Bool {
    /// A fake boolean from the current seeded scope.
    public static func fake() -> Bool { FakeScope.draw { $0.bool() } }
}

extension Date {
    /// A fake date in the range (the year 2000 through 2030 by default), from the current seeded scope.
    public static func fake(
        in range: ClosedRange<Date> = Date(timeIntervalSince1970: 946_684_800)...Date(timeIntervalSince1970: 1_924_992_000)
    ) -> Date {
        FakeScope.draw { $0.date(in: range) }
    }
}

extension URL {
    /// A fake `https` URL on a reserved example domain, from the current seeded scope.
    public static func fake() -> URL { FakeScope.draw { $0.url() } }
}
