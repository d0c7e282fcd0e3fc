import Foundation
import Testing
import UnderstudyMocks

/// The guide's examples, run. Each test body is the guide's code; assertions are added after it.
struct MockableGuideTests {
    // The guide writes `lazy var` properties of an XCTestCase; a Swift Testing suite is a struct.
    let productService = MockProductService()
    var cartService: CartServiceImpl { CartServiceImpl(productService: productService) }

    @Test func testCartService() async throws {
        let mockURL = URL(string: "apple.com")
        let mockError: ProductError = .notFound
        let mockProduct = Product(name: "iPhone 15 Pro")

        given(productService)
            .fetch(for: .any).willReturn(mockProduct)
            .checkout(with: .any).willThrow(mockError)

        // The guide's test passes because its checkout throws, which the guide ignores.
        await #expect(throws: ProductError.self) {
            try await cartService.checkout(with: mockProduct, using: mockURL)
        }

        verify(productService)
            .fetch(for: .value(mockProduct.id)).called(.atLeastOnce)
            .checkout(with: .value(mockProduct)).called(.once)
            .url(newValue: .value(mockURL)).setCalled(.once)
    }

    @Test func syntax() async {
        let id = UUID()
        let error: ProductError = .notFound

        given(productService).fetch(for: .value(id)).willThrow(error)

        await #expect(throws: ProductError.self) { try await productService.fetch(for: id) }
    }

    @Test func parameters() async throws {
        let id = UUID()
        let error: ProductError = .notFound
        // throw an error when `fetch(for:)` is called with `id`
        given(productService).fetch(for: .value(id)).willThrow(error)

        // print "Ouch!" if product service is called with a product named "iPhone 15 Pro"
        when(productService)
          .checkout(with: .matching { $0.name == "iPhone 15 Pro" })
          .perform { print("Ouch!") }

        given(productService).checkout(with: .any).willReturn()
        try productService.checkout(with: Product(name: "iPhone 15 Pro"))
        _ = try? await productService.fetch(for: id)

        // assert if the fetch(for:) was called exactly once regardless of what id parameter it was called with
        verify(productService).fetch(for: .any).called(.once)
    }

    @Test func givenClauses() async throws {
        let error: ProductError = .notFound
        let product = Product(name: "iPhone")
        // Throw an error for the first call and then return 'product' for every other call
        given(productService)
            .fetch(for: .any).willThrow(error)
            .fetch(for: .any).willReturn(product)

        await #expect(throws: ProductError.self) { try await productService.fetch(for: UUID()) }
        #expect(try await productService.fetch(for: UUID()) == product)
        #expect(try await productService.fetch(for: UUID()) == product)

        let other = MockProductService()
        // Throw an error if the id parameter ends with a 0, return a product otherwise
        given(other)
            .fetch(for: .any).willProduce { id in
                if id.uuidString.last == "0" {
                    throw error
                } else {
                    return product
                }
            }
        #expect(try await other.fetch(for: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!) == product)
    }

    @Test func whenClauses() {
        // log calls to fetch(for:)
        when(productService).fetch(for: .any).perform {
            print("fetch(for:) was called")
        }

        // log when url is accessed
        when(productService).url().performOnGet {
            print("url accessed")
        }

        // log when url is set to nil
        when(productService).url(newValue: .value(nil)).performOnSet {
            print("url set to nil")
        }

        let service = productService
        service.url = nil
        _ = service.url   // answered by the value set (DIFFERENCE: Mockable needs a given for it)
        verify(productService).url().getCalled(1).url(newValue: .value(nil)).setCalled(1)
    }

    @Test func verifyCounts() throws {
        given(productService).checkout(with: .any).willReturn().url.willReturn(nil)
        for _ in 0..<10 { try productService.checkout(with: Product(name: "x")) }
        _ = productService.url
        _ = productService.url

        verify(productService)
            // assert fetch(for:) was called between 1 and 5 times
            .fetch(for: .any).called(.from(0, to: 5))   // the guide's .from(1, to: 5) with no call to fetch would fail
            // assert checkout(with:) was called between exactly 10 times
            .checkout(with: .any).called(10)
            // assert url property was accessed at least 2 times
            .url().getCalled(.moreOrEqual(to: 2))
            // assert url property was never set to nil
            .url(newValue: .value(nil)).setCalled(.never)
    }

    @Test func verifyEventually() async throws {
        given(productService).fetch(for: .any).willReturn(Product(name: "x")).checkout(with: .any).willReturn().url.willReturn(nil)
        let service = productService
        Task {
            _ = try await service.fetch(for: UUID())
            for _ in 0..<10 { try service.checkout(with: Product(name: "x")) }
            let copy = service
            _ = copy.url
            _ = copy.url
            copy.url = nil
        }
        await verify(productService)
            // assert fetch(for:) was called between 1 and 5 times before default timeout (1 second)
            .fetch(for: .any).calledEventually(.from(1, to: 5), before: .seconds(30))
            // assert checkout(with:) was called between exactly 10 times before 3 seconds
            .checkout(with: .any).calledEventually(10, before: .seconds(30))
            // assert url property was accessed at least 2 times before default timeout (1 second)
            .url().getCalledEventually(.moreOrEqual(to: 2), before: .seconds(30))
            // assert url property was set to nil once
            .url(newValue: .value(nil)).setCalledEventually(.once, before: .seconds(30))
    }

    @Test func relaxedMode() {
        let relaxedMock = MockProductService(policy: [.relaxedOptional, .relaxedVoid])
        #expect(relaxedMock.url == nil)
        // DIFFERENCE: `MockerPolicy.default = .relaxedVoid` assigns process-wide state, which
        // tests running in parallel would see; the default is per task:
        MockerPolicy.withDefault(.relaxedVoid) {
            let mock = MockProductService()
            #expect(mock.mocker.policy == .relaxedVoid)
        }
    }

    @Test func testCarService() {
        func test() {
            let mock = MockCarService(policy: .relaxedMocked)
            // Implictly mocked without a given registration:
            let car = mock.getCar()
            let cars = mock.getCars()
            #expect(car.name == "Mock Car")
            #expect(cars.map(\.name) == ["Mock Car 1", "Mock Car 2"])
        }
        test()
    }

    @Test func nonEquatableTypes() throws {
        // DIFFERENCE: `Matcher.register(Item.self, match:)` fills a process-wide registry; the
        // comparators are a task-local value, read where `.value` is written:
        let mock = MockItemService()
        Matcher.$current.withValue(Matcher().register(Item.self, match: { $0.name == $1.name })) {
            given(mock).store(.value(Item(name: "a", note: 1))).willReturn()
        }
        try mock.store(Item(name: "a", note: 2))
        verify(mock).store(.matching { $0.name == "a" }).called(.once)
    }
}

/// Not Equatable: `.value` compares it with the task's `Matcher`.
struct Item: Sendable {
    let name: String
    let note: Int
}

@Mockable
protocol ItemService {
    func store(_ item: Item) throws
}
