/// A pet of the store.
public struct Pet: Codable, Sendable, Equatable, Identifiable {
    public var id: Int
    public var name: String
    public var species: String

    public init(id: Int, name: String, species: String) {
        self.id = id
        self.name = name
        self.species = species
    }
}

/// A pet to add (the server assigns the id).
public struct NewPet: Codable, Sendable, Equatable {
    public var name: String
    public var species: String

    public init(name: String, species: String) {
        self.name = name
        self.species = species
    }
}
