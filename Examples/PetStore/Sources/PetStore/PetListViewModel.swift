import Observation
import UnderstudyClient

/// The pet list screen's state: what it shows and whether it is loading or failed.
@MainActor
@Observable
public final class PetListViewModel {
    /// The screen's state.
    public enum State: Equatable, Sendable {
        case idle
        case loading
        case loaded
        case error(String)
    }

    public private(set) var state: State = .idle
    public private(set) var items: [Pet] = []

    private let repository: PetRepository

    public init(repository: PetRepository) { self.repository = repository }

    /// Loads the list. A cancelled load leaves the previous state and items as they were.
    public func load() async {
        let previous = (state, items)
        state = .loading
        do {
            let pets = try await repository.pets()
            try Task.checkCancellation()
            items = pets
            state = .loaded
        } catch is CancellationError {
            (state, items) = previous
        } catch let error as APIError where error == .cancelled {
            (state, items) = previous
        } catch {
            state = .error(error.localizedDescription)
        }
    }

    /// Adds a pet and shows it.
    public func add(name: String, species: String) async {
        do {
            let pet = try await repository.add(NewPet(name: name, species: species))
            items.append(pet)
            state = .loaded
        } catch {
            state = .error(error.localizedDescription)
        }
    }
}
