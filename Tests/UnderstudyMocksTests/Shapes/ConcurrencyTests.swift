import Testing
import UnderstudyMocks

struct ConcurrencyTests {
    @Test func aMockUsedFrom200TasksCountsEveryCall() async {
        let mock = MockStore()
        given(mock).find(id: .any as Parameter<Int>).willProduce { "\($0)" }
        await withTaskGroup(of: String?.self) { group in
            for index in 0..<200 {
                group.addTask { mock.find(id: index) }
            }
            var answers = 0
            for await answer in group where answer != nil { answers += 1 }
            #expect(answers == 200)
        }
        verify(mock).find(id: .any as Parameter<Int>).called(200).find(id: .matching { $0 < 100 } as Parameter<Int>).called(100)
    }

    @Test func calledEventuallyWaitsForCallsFromOtherTasks() async {
        let mock = MockStore(policy: .relaxedVoid)
        let task = Task.detached {
            for _ in 0..<3 { mock.each { _ in } }
        }
        await verify(mock).each(.any).calledEventually(3, before: .seconds(30))
        await task.value
    }
}
