import Foundation
import UnderstudyMocks

/// Every kind of requirement, one protocol per concept.
@Mockable
protocol Settings: Sendable {
    var name: String { get }
    var volume: Int { get set }
    var token: String { get async throws }
    subscript(key: String) -> Int? { get set }
    subscript(index index: Int) -> String { get }
}

struct StoreError: Error, Equatable {
    let code: Int
}

@Mockable
protocol Store: Sendable {
    func load(key: String) throws(StoreError) -> Data
    func save(_ data: Data, key: String) async throws
    func transform(_ values: [Int], _ body: (Int) throws -> Int) rethrows -> [Int]
    func describe(_ value: some CustomStringConvertible) -> String
    func describeAny(_ value: any CustomStringConvertible) -> String
    func onChange(_ handler: @escaping @Sendable (String) -> Void)
    func each(_ body: (Int) -> Void)
    func increment(_ value: inout Int)
    func find(id: Int) -> String?
    func find(name: String) -> String?
    func find(id: String) -> Int
    func sum(_ numbers: Int...) -> Int
}

@Mockable
protocol Decoding: Sendable {
    func decode<T: Decodable & Sendable>(_ type: T.Type, from data: Data) throws -> T
    func encode<T: Encodable>(_ value: T) throws -> Data
    func first<C: Collection>(of collection: C) -> C.Element? where C.Element: Sendable
}

@Mockable
protocol Queue<Element>: Sendable {
    associatedtype Element: Sendable
    func push(_ element: Element)
    func pop() -> Element?
}

@Mockable
protocol Factory: Sendable {
    init(name: String)
    static func make() -> Self
    static var defaultName: String { get }
    func name() -> String
}

@Mockable
protocol TokenStore: Actor {
    func token() async -> String?
    func store(_ token: String) async throws
    var count: Int { get }
}

@MainActor
@Mockable
protocol Screen: Sendable {
    var title: String { get set }
    func show(_ message: String)
}

@Mockable
protocol Readable: Sendable {
    func read(id: Int) throws -> String
}

@Mockable(inheriting: Readable.self)
protocol Repository: Readable {
    func write(id: Int, value: String) throws
}

/// A type with a default a relaxed mock answers with.
struct Vehicle: Mocked, Equatable, Sendable {
    var name: String
    var seats: Int
    static var mock: Vehicle { Vehicle(name: "Mock Car", seats: 4) }
}

@Mockable
protocol Garage: Sendable {
    func car() -> Vehicle
    func cars() -> [Vehicle]
    func favourite() -> Vehicle?
    func count() -> Int
    func open() -> Bool
    func label() -> String
    func park(_ car: Vehicle)
}
