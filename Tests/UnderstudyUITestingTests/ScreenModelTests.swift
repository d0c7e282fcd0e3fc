import Testing
import UnderstudyUITesting

/// The values under the DSL: the virtual clock, conditions, and the in-memory tree.
@MainActor
struct ScreenModelTests {
    @Test func virtualClockMovesOnlyWhenSleptOnOrAdvanced() async throws {
        let clock = VirtualClock()
        #expect(clock.now.offset == .zero)
        try await clock.sleep(for: .seconds(3))
        #expect(clock.now.offset == .seconds(3))
        // A deadline already passed leaves the time alone.
        try await clock.sleep(until: VirtualClock.Instant(offset: .seconds(1)))
        #expect(clock.now.offset == .seconds(3))
        clock.advance(by: .milliseconds(500))
        clock.advance(by: .seconds(-10))
        #expect(clock.now.offset == .milliseconds(3_500))
        // Copies share the time.
        let copy = clock
        copy.advance(by: .seconds(1))
        #expect(clock.now.offset == .milliseconds(4_500))
        #expect(clock.now.duration(to: clock.now.advanced(by: .seconds(2))) == .seconds(2))
    }

    @Test func aCancelledSleepThrows() async {
        let clock = VirtualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.now.offset == .zero)
    }

    @Test(arguments: [
        (ElementCondition.any, "element"),
        (ElementCondition(kinds: [.button], text: .equals("OK")), #"button "OK""#),
        (ElementCondition(text: .contains("Row")), #"element containing "Row""#),
        (ElementCondition(kinds: ElementKind.textInputs), "text input"),
        (ElementCondition(kinds: [.cell, .button]), "button or cell"),
    ])
    func conditionsDescribeThemselves(condition: ElementCondition, text: String) {
        #expect(condition.description == text)
    }

    @Test func conditionsMatchKindAndText() {
        let okButton = ElementCondition(kinds: [.button], text: .equals("OK"))
        #expect(okButton.matches(kind: .button, label: "OK", textValue: nil))
        #expect(okButton.matches(kind: .button, label: "", textValue: "OK"))
        #expect(!okButton.matches(kind: .staticText, label: "OK", textValue: nil))
        #expect(!okButton.matches(kind: .button, label: "OK!", textValue: nil))
        #expect(ElementCondition(text: .contains("K")).matches(kind: .other, label: "OK", textValue: nil))
        #expect(!ElementCondition(text: .contains("k")).matches(kind: .other, label: "OK", textValue: nil))
        // `contains` reads the label only, as the XCUITest predicate does (a value may be a number there).
        #expect(!ElementCondition(text: .contains("K")).matches(kind: .textField, label: "", textValue: "OK"))
    }

    @Test func childrenAreOnlyTheDirectOnesAndDescendantsAreInScreenOrder() {
        let clock = VirtualClock()
        let inner = InMemoryElement.button("Inner")
        let group = InMemoryElement(.other, label: "Group", children: [inner, .text("Caption")])
        let root = InMemoryScreen(clock: clock, children: [.button("First"), group, .button("Last")])

        let buttons = root.descendants(where: ElementCondition(kinds: [.button]))
        #expect((0..<buttons.count).map { buttons.element(at: $0).label } == ["First", "Inner", "Last"])
        let children = root.children(where: .any)
        #expect((0..<children.count).map { children.element(at: $0).label } == ["First", "Group", "Last"])
        #expect(group.children(where: ElementCondition(kinds: [.staticText])).count == 1)
        #expect(inner.parent === group)
        // Past the end, as XCUIElementQuery.element(boundBy:): an element that does not exist.
        #expect(buttons.element(at: 3).exists == false)
        #expect(buttons.element(at: -1).exists == false)
    }

    @Test func snapshotsAreTheDescendantsInScreenOrderUpToTheLimit() {
        let root = InMemoryScreen(clock: VirtualClock(), children: [
            InMemoryElement(.other, label: "Group", children: [.textField("Email", value: "ada@")]),
            .button("OK"),
        ])
        #expect(root.descendantSnapshots(limit: 10) == [
            ElementSnapshot(kind: .other, label: "Group"),
            ElementSnapshot(kind: .textField, label: "Email", textValue: "ada@"),
            ElementSnapshot(kind: .button, label: "OK"),
        ])
        #expect(root.descendantSnapshots(limit: 1).map(\.label) == ["Group"])
        #expect(root.descendantSnapshots(limit: -1).isEmpty)
        #expect(root.descendantSnapshots(limit: 10).map(\.description) == [#"other "Group""#, #"textField "Email" value "ada@""#, #"button "OK""#])
    }

    @Test func anElementExistsOnlyWhileItIsOnARunningScreen() {
        let root = InMemoryScreen(clock: VirtualClock())
        let loose = InMemoryElement.button("Loose")
        #expect(!loose.exists)
        #expect(!loose.isHittable)
        root.add(loose)
        #expect(loose.exists)
        #expect(loose.isHittable)
        root.isRunning = false
        #expect(!loose.exists)
        root.isRunning = true
        let group = InMemoryElement(.other)
        group.add(loose)
        #expect(!loose.exists)
        #expect(root.children.isEmpty)
    }

    @Test func changesDueTogetherRunInTheOrderTheyWereScheduled() {
        let clock = VirtualClock()
        let root = InMemoryScreen(clock: clock)
        root.after(.seconds(2)) { root.add(.text("B")) }
        root.after(.seconds(1)) { root.add(.text("A")) }
        root.after(.seconds(2)) { root.add(.text("C")) }
        #expect(root.children.isEmpty)
        clock.advance(by: .seconds(1))
        #expect(root.children.map(\.label) == ["A"])
        clock.advance(by: .seconds(5))
        #expect(root.children.map(\.label) == ["A", "B", "C"])
    }
}
