// The examples of Mockable's usage guide (its README and Usage article), with `import Mockable`
// changed to `import UnderstudyMocks`. The types the guide leaves out (Product, ProductError,
// CartServiceImpl) are written here. Lines that differ from the guide say why in a comment
// marked DIFFERENCE; each is in the article Mocking your own protocols.
import Foundation
import UnderstudyMocks

@Mockable
protocol ProductService {
    var url: URL? { get set }
    func fetch(for id: UUID) async throws -> Product
    func checkout(with product: Product) throws
}

// DIFFERENCE: willReturn takes a Sendable value (it may be handed to callers on any thread).
struct Product: Equatable, Sendable {
    var id = UUID()
    var name: String
}

enum ProductError: Error {
    case notFound
}

struct CartServiceImpl {
    let productService: any ProductService

    func checkout(with product: Product, using url: URL?) async throws {
        var service = productService
        service.url = url
        let fetched = try await service.fetch(for: product.id)
        try service.checkout(with: fetched)
    }
}

struct Car {
    var name: String
    var seats: Int
}

extension Car: Mocked {
    static var mock: Car {
        Car(name: "Mock Car", seats: 4)
    }

    // Defaults to [mock] but we can
    // provide a custom array of cars:
    static var mocks: [Car] {
        [
            Car(name: "Mock Car 1", seats: 4),
            Car(name: "Mock Car 2", seats: 4)
        ]
    }
}

@Mockable
protocol CarService {
    func getCar() -> Car
    func getCars() -> [Car]
}
