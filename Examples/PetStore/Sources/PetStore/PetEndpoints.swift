import UnderstudyClient

/// `GET /pets`
public struct ListPets: OutEndpoint {
    public typealias Output = [Pet]
    public var path: String { "/pets" }
    public init() {}
}

/// `POST /pets`
public struct AddPet: InOutEndpoint {
    public typealias Input = NewPet
    public typealias Output = Pet
    public var method: HTTPMethod { .post }
    public var path: String { "/pets" }
    public init() {}
}
