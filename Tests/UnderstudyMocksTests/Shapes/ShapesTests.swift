import Foundation
import Testing
import UnderstudyMocks

struct PropertyAndSubscriptTests {
    @Test func propertiesAnswerGivenValuesAndKeepWhatWasSet() async throws {
        let mock = MockSettings()
        given(mock).name.willReturn("Ada").volume.willReturn(3).token.willReturn("t")
        #expect(mock.name == "Ada")
        #expect(mock.volume == 3)
        mock.volume = 7
        #expect(mock.volume == 7)
        #expect(try await mock.token == "t")
        verify(mock).name.called(1).volume().getCalled(2).volume(newValue: .value(7)).setCalled(.once)
            .volume(newValue: .value(8)).setCalled(.never)
    }

    @Test func subscriptsAreClausesToo() {
        let mock = MockSettings()
        given(mock)[.value("a")].willReturn(1)[index: .any].willReturn("zero")
        #expect(mock["a"] == 1)
        #expect(mock[index: 0] == "zero")
        mock["b"] = 2
        #expect(mock["b"] == 2)
        verify(mock)[.value("b"), newValue: .value(2)].setCalled(.once)[.any].getCalled(2)[index: .value(0)].called(.once)
    }
}

struct FunctionShapeTests {
    @Test func typedThrowsKeepTheirErrorType() {
        let mock = MockStore()
        given(mock).load(key: .value("gone")).willThrow(StoreError(code: 404))
        #expect(throws: StoreError(code: 404)) { try mock.load(key: "gone") }
        do throws(StoreError) {
            _ = try mock.load(key: "gone")
        } catch {
            let typed: StoreError = error      // the error type is kept: no cast
            #expect(typed.code == 404)
        }
    }

    @Test func rethrowsSomeAnyClosuresInoutOverloadsAndVariadics() async throws {
        let mock = MockStore(policy: .relaxedVoid)
        given(mock).transform(.any, .any).willProduce { values, _ in values.map { $0 * 2 } }
        given(mock).describe(.matching { "\($0)" == "7" }).willReturn("seven")
        given(mock).describeAny(.any).willReturn("any")
        given(mock).increment(.any).willProduce { (value: inout Int) in value += 1 }
        given(mock).find(id: .value(1) as Parameter<Int>).willReturn("one")
        given(mock).find(name: .any).willReturn(String?.none)
        given(mock).find(id: .value("x") as Parameter<String>).willReturn(42)
        given(mock).sum(.matching { $0.count == 3 }).willReturn(6)
        #expect(mock.transform([1, 2]) { $0 } == [2, 4])
        #expect(mock.describe(7) == "seven")
        #expect(mock.describeAny(7.5) == "any")
        var value = 1
        mock.increment(&value)
        #expect(value == 2)
        #expect(mock.find(id: 1) == "one")
        #expect(mock.find(name: "n") == nil)
        #expect(mock.find(id: "x") == 42)
        #expect(mock.sum(1, 2, 3) == 6)

        mock.onChange { _ in }
        mock.each { _ in }
        try await mock.save(Data(), key: "k")
        verify(mock).onChange(.any).called(.once).each(.any).called(.once)
        verify(mock).save(.any, key: .value("k")).called(1).increment(.any).called(.atLeastOnce)
        verify(mock).find(id: .any as Parameter<Int>).called(.atMost(1))
    }

    @Test func genericMethodsAnswerPerType() throws {
        let mock = MockDecoding()
        given(mock)
            .decode(.any, from: .any).willReturn(5)
            .decode(.any, from: .any).willReturn("five")
            .encode(.value(3)).willReturn(Data("3".utf8))
            .first(of: .value([1, 2])).willReturn(Optional(9))
        #expect(try mock.decode(Int.self, from: Data()) == 5)
        #expect(try mock.decode(String.self, from: Data()) == "five")
        #expect(try mock.encode(3) == Data("3".utf8))
        #expect(mock.first(of: [1, 2]) == 9)
        verify(mock).encode(.value(3)).called(.once).encode(.value(4)).called(.never)
    }

    @Test func primaryAssociatedTypesMakeAGenericMock() {
        let mock = MockQueue<String>(policy: .relaxedNonThrowingVoid)
        given(mock).pop().willReturn("a").pop().willReturn(nil)
        mock.push("x")
        #expect(mock.pop() == "a")
        #expect(mock.pop() == nil)
        #expect(mock.pop() == nil)      // the last answer is kept
        verify(mock).push(.value("x")).called(.once).pop().called(3)
        let queue: any Queue<String> = mock
        #expect(queue.pop() == nil)
    }

    @Test func initializersAndStaticRequirements() async {
        let made = MockFactory(name: "x")
        given(made).name().willReturn("x")
        #expect(made.name() == "x")
        await MockFactory.withStaticMocks {
            given(MockFactory.self).make().willReturn(made).defaultName.willReturn("d")
            #expect(MockFactory.make() === made)
            #expect(MockFactory.defaultName == "d")
            verify(MockFactory.self).make().called(.once)
        }
    }
}

struct IsolationTests {
    @Test func actorConstrainedProtocols() async throws {
        let mock = MockTokenStore()
        given(mock).token().willReturn("abc").count.willReturn(2)
        #expect(await mock.token() == "abc")
        #expect(await mock.count == 2)
        given(mock).store(.value("bad")).willThrow(StoreError(code: 1))
        await #expect(throws: StoreError(code: 1)) { try await mock.store("bad") }
        verify(mock).store(.any).called(.once)
    }

    @MainActor @Test func mainActorProtocols() {
        let mock = MockScreen(policy: .relaxedVoid)
        given(mock).title.willReturn("Home")
        #expect(mock.title == "Home")
        mock.show("hi")
        verify(mock).show(.value("hi")).called(.once)
    }
}

struct InheritanceTests {
    @Test func aRefiningMockAnswersItsParentsRequirements() throws {
        let mock = MockRepository()
        given(mock).read(id: .value(1)).willReturn("one")
        given(mock).write(id: .any, value: .any).willReturn()
        let readable: any Readable = mock
        #expect(try readable.read(id: 1) == "one")
        try mock.write(id: 1, value: "uno")
        verify(mock).read(id: .any).called(.once)
        verify(mock).write(id: .value(1), value: .value("uno")).called(.once)
    }
}

struct PolicyTests {
    @Test func relaxedPoliciesAnswerSilently() {
        let mock = MockGarage(policy: .relaxed)
        #expect(mock.car() == .mock)
        #expect(mock.cars() == [.mock])
        #expect(mock.favourite() == nil)
        mock.park(.mock)
        #expect(mock.mocker.unexpectedCalls.isEmpty)
    }

    @Test func theTaskDefaultPolicyIsPerTask() {
        let relaxed = MockerPolicy.withDefault(.relaxedMocked) { MockGarage() }
        let strict = MockGarage()
        #expect(relaxed.mocker.policy == .relaxedMocked)
        #expect(strict.mocker.policy == .strict)
    }

    @Test func strictDefaultsRecordAnIssueAndReturnTheTypesDefault() {
        let mock = MockGarage()
        expectingIssues {
            #expect(mock.count() == 0)
            #expect(mock.open() == false)
            #expect(mock.label() == "")
            #expect(mock.cars() == [])
            #expect(mock.favourite() == nil)
            #expect(mock.car() == .mock)
            mock.park(.mock)
        }
        #expect(mock.mocker.unexpectedCalls.count == 7)
    }
}
