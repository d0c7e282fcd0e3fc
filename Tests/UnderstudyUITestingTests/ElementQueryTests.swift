import Testing
import UnderstudyUITesting

/// The DSL's steps against an in-memory screen whose elements appear, change and vanish on a
/// schedule of virtual time: each step waits exactly as long as it must, and no longer.
@MainActor
struct ElementQueryTests {
    @Test func tapWaitsForTheButtonToAppear() async {
        let fixture = Fixture([.text("Loading…")])
        let button = InMemoryElement.button("Continue")
        fixture.root.after(.milliseconds(1_250)) { fixture.root.add(button) }

        let tapped = await fixture.screen.withButton("Continue").tap()

        #expect(tapped)
        #expect(button.actions == ["tap"])
        // Looks at 0, 0.1, …, 1.3 s: the first look after the button appeared.
        #expect(fixture.elapsed == .milliseconds(1_300))
    }

    @Test func aStepThatTimesOutSaysWhatItLookedForForHowLongAndWhatWasOnScreen() async {
        let fixture = Fixture([.button("Log In"), .text("Login failed"), .textField("Email"), .text("Help")])

        let expectedLine = #line + 2
        let recorded = await failures {
            #expect(await fixture.screen.withButton("Log in").tap() == false)
        }

        #expect(recorded == [RecordedFailure(message: """
            Waited 2 s for button "Log in" to be enabled (for tap), looking 21 time(s) every 0.1 s: no element matches.
            On screen, nearest first: button "Log In", staticText "Login failed", textField "Email" (4 element(s) in all).
            """, line: expectedLine)])
        #expect(fixture.elapsed == .seconds(2))
    }

    @Test func anEmptyScreenIsReportedAsEmpty() async {
        let fixture = Fixture()
        let recorded = await failures { await fixture.screen.withTextEquals("Hello").exist() }
        #expect(recorded.map(\.message) == ["""
            Waited 2 s for element "Hello" to exist, looking 21 time(s) every 0.1 s: no element matches.
            The screen shows no elements.
            """])
    }

    @Test func aLargeScreenIsListedAsMoreThanWhatWasRead() async {
        let fixture = Fixture((1...501).map { InMemoryElement.text("Row \($0)") })
        let recorded = await failures { await fixture.screen.withTextEquals("Row 0").exist() }
        #expect(recorded.map(\.message) == ["""
            Waited 2 s for element "Row 0" to exist, looking 21 time(s) every 0.1 s: no element matches.
            On screen, nearest first: staticText "Row 10", staticText "Row 20", staticText "Row 30" (more than 500 element(s) in all).
            """])
    }

    @Test func aScreenOverAnInMemoryRootWaitsOnThatRootsClockByDefault() async {
        let clock = VirtualClock()
        let root = InMemoryScreen(clock: clock, children: [.text("Loading…")])
        let form = InMemoryElement(.other, label: "Form")
        root.add(form)
        root.after(.seconds(3)) { form.add(.button("Continue")) }

        // No clock given: the root's VirtualClock, so the wait takes 3 s of virtual time.
        let screen = Screen(root)
        #expect(screen.clock is VirtualClock)
        #expect(await screen.withButton("Continue").tap())
        #expect(clock.now.offset == .seconds(3))

        // The same below an element attached to the in-memory screen.
        let inner = Screen(form, timeout: .seconds(1))
        root.after(.milliseconds(500)) { form.add(.text("Done")) }
        #expect(await inner.withTextEquals("Done").exist())
        #expect(clock.now.offset == .milliseconds(3_500))
    }

    @Test func aScreenOverAnotherRootWaitsOnTheContinuousClockUnlessGivenOne() {
        let detached = InMemoryElement.button("Alone")
        #expect(Screen(detached).clock is ContinuousClock)
        #expect(Screen(InMemoryScreen(clock: VirtualClock()), clock: ContinuousClock()).clock is ContinuousClock)
    }

    @Test func tapWaitsUntilTheElementIsEnabled() async {
        let button = InMemoryElement.button("Pay", isEnabled: false)
        let fixture = Fixture([button])
        fixture.root.after(.milliseconds(500)) { button.isEnabled = true }

        #expect(await fixture.screen.withButton("Pay").tap())
        #expect(button.actions == ["tap"])
        #expect(fixture.elapsed == .milliseconds(500))
    }

    @Test func anElementThatNeverBecomesEnabledIsNotActedOnAndTheFailureSaysSo() async {
        let button = InMemoryElement.button("Pay", isEnabled: false)
        let fixture = Fixture([button])
        let recorded = await failures { #expect(await fixture.screen.withButton("Pay").doubleTap() == false) }
        #expect(recorded.map(\.message) == ["""
            Waited 2 s for button "Pay" to be enabled (for doubleTap), looking 21 time(s) every 0.1 s: it exists but is not enabled.
            On screen, nearest first: button "Pay" (1 element(s) in all).
            """])
        #expect(button.actions.isEmpty)
    }

    @Test func everyActionWaitsForADisabledElementToBeEnabled() async {
        let field = InMemoryElement(.textField, label: "Email", isEnabled: false)
        let fixture = Fixture([field])
        let query = fixture.screen.withTextInput("Email")
        let recorded = await failures {
            #expect(await query.tap() == false)
            #expect(await query.typeText("ada") == false)
            #expect(await query.swipeUp() == false)
        }
        #expect(recorded.map { failure in String(failure.message.prefix { $0 != "\n" }) } == [
            "Waited 2 s for text input \"Email\" to be enabled (for tap), looking 21 time(s) every 0.1 s: it exists but is not enabled.",
            "Waited 2 s for text input \"Email\" to be enabled (for typeText), looking 21 time(s) every 0.1 s: it exists but is not enabled.",
            "Waited 2 s for text input \"Email\" to be enabled (for swipeUp), looking 21 time(s) every 0.1 s: it exists but is not enabled.",
        ])
        #expect(field.actions.isEmpty)
    }

    @Test func anElementThatIsNotHittableIsActedOnAtOnce() async {
        // XCUITest's own tap scrolls an off-screen cell into view, so the DSL does not wait for it.
        let cell = InMemoryElement(.cell, label: "Row 40", isReachable: false)
        let fixture = Fixture([cell])

        #expect(await fixture.screen.withTextEquals("Row 40").tap())
        #expect(cell.actions == ["tap"])
        #expect(fixture.elapsed == .zero)
    }

    @Test func notExistWaitsForTheElementToVanish() async {
        let spinner = InMemoryElement.text("Loading…")
        let fixture = Fixture([spinner])
        fixture.root.after(.milliseconds(1_500)) { spinner.removeFromParent() }

        #expect(await fixture.screen.withTextEquals("Loading…").notExist())
        #expect(fixture.elapsed == .milliseconds(1_500))
        #expect(spinner.exists == false)
    }

    @Test func notExistFailsWhenTheElementStays() async {
        let fixture = Fixture([.text("Loading…"), .text("Loading… 2")])
        let recorded = await failures {
            await fixture.screen.withTextEquals("Loading…").notExist()
            await fixture.screen.withTextContains("Loading").notExist()
        }
        #expect(recorded.map(\.message) == [
            #"Waited 2 s for element "Loading…" to vanish, looking 21 time(s) every 0.1 s: it is still on screen."#,
            #"Waited 2 s for element containing "Loading" to vanish, looking 21 time(s) every 0.1 s: 2 element(s) still match."#,
        ])
    }

    @Test func isEnabledAndIsNotEnabledWaitForTheState() async {
        let save = InMemoryElement.button("Save", isEnabled: false)
        let fixture = Fixture([save])
        fixture.root.after(.milliseconds(300)) { save.isEnabled = true }
        fixture.root.after(.milliseconds(900)) { save.isEnabled = false }

        #expect(await fixture.screen.withButton("Save").isEnabled())
        #expect(fixture.elapsed == .milliseconds(300))
        #expect(await fixture.screen.withButton("Save").isNotEnabled())
        #expect(fixture.elapsed == .milliseconds(900))

        let recorded = await failures { await fixture.screen.withButton("Save").isEnabled() }
        #expect(recorded.map(\.message).first?.hasPrefix(
            #"Waited 2 s for button "Save" to be enabled, looking 21 time(s) every 0.1 s: it exists but is not enabled."#) == true)
    }

    @Test func isNotEnabledFailsOnAnEnabledElement() async {
        let fixture = Fixture([.button("Save")])
        let recorded = await failures { await fixture.screen.withButton("Save").isNotEnabled() }
        #expect(recorded.map(\.message).first?.hasPrefix(
            #"Waited 2 s for button "Save" to be disabled, looking 21 time(s) every 0.1 s: it exists but is still enabled."#) == true)
    }

    @Test func typeTextFocusesTheFieldThenTypes() async {
        let email = InMemoryElement.textField("Email")
        let fixture = Fixture([.textField("Name"), email])

        #expect(await fixture.screen.withTextInput("Email").typeText("ada@example.com"))
        #expect(email.actions == ["tap", #"typeText("ada@example.com")"#])
        #expect(email.textValue == "ada@example.com")
        // What was typed is text the queries see.
        #expect(await fixture.screen.withTextEquals("ada@example.com").exist())
    }

    @Test func withTextInputWithoutALabelIsTheFirstTextInput() async {
        let secure = InMemoryElement(.secureTextField, label: "Password")
        let fixture = Fixture([.button("Email"), secure])
        #expect(await fixture.screen.withTextInput().typeText("hunter2"))
        #expect(secure.textValue == "hunter2")
    }

    @Test func equalsMatchesTheLabelOrTheValueAndContainsTheLabelOnly() async {
        let fixture = Fixture([InMemoryElement(.textField, label: "Search", value: "coffee beans")])
        #expect(await fixture.screen.withTextEquals("coffee beans").exist())
        #expect(await fixture.screen.withTextEquals("Search").exist())
        #expect(await fixture.screen.withTextContains("Sear").exist())
        // XCUITest cannot search a value for a substring (it may be a number), so neither does this.
        #expect(await fixture.screen.withTextContains("beans").assertViewCount(0))
        #expect(fixture.elapsed == .zero)
    }

    @Test func swipesReachTheElementOrTheScreen() async {
        let list = InMemoryElement(.other, label: "Feed")
        let fixture = Fixture([list])
        let query = fixture.screen.withTextEquals("Feed")
        #expect(await query.swipeUp())
        #expect(await query.swipeDown())
        #expect(await query.swipeLeft())
        #expect(await query.swipeRight())
        #expect(list.actions == ["swipe(up)", "swipe(down)", "swipe(left)", "swipe(right)"])

        #expect(await fixture.screen.swipeUp())
        #expect(await fixture.screen.swipeDown())
        #expect(await fixture.screen.swipeLeft())
        #expect(await fixture.screen.swipeRight())
        #expect(fixture.root.actions == ["swipe(up)", "swipe(down)", "swipe(left)", "swipe(right)"])
    }

    @Test func aScreenSwipeFailsWhenTheAppIsNotRunning() async {
        let fixture = Fixture()
        fixture.root.isRunning = false
        let recorded = await failures { await fixture.screen.swipeLeft() }
        #expect(recorded.map(\.message) == [
            "Waited 2 s for the screen to exist (for swipeLeft), looking 21 time(s) every 0.1 s: the application is not running.",
        ])
        #expect(fixture.root.actions.isEmpty)
    }

    @Test func assertViewCountWaitsForTheCount() async {
        let list = InMemoryElement(.other, label: "List", children: [.text("Row 1")])
        let fixture = Fixture([list])
        fixture.root.after(.milliseconds(200)) { list.add(.text("Row 2")) }
        fixture.root.after(.milliseconds(400)) { list.add(.text("Row 3")) }

        #expect(await fixture.screen.withTextContains("Row").assertViewCount(3))
        #expect(fixture.elapsed == .milliseconds(400))

        let recorded = await failures { await fixture.screen.withTextContains("Row").assertViewCount(4) }
        #expect(recorded.map(\.message) == ["""
            Waited 2 s for element containing "Row" to match 4 element(s), looking 21 time(s) every 0.1 s: 3 element(s) match.
            On screen, nearest first: staticText "Row 1", staticText "Row 2", staticText "Row 3" (4 element(s) in all).
            """])
    }

    @Test func assertViewCountOfZeroWaitsForEveryMatchToGo() async {
        let banner = InMemoryElement.text("Offline")
        let fixture = Fixture([banner])
        fixture.root.after(.milliseconds(700)) { banner.removeFromParent() }
        #expect(await fixture.screen.withTextEquals("Offline").assertViewCount(0))
        #expect(fixture.elapsed == .milliseconds(700))
    }

    @Test func aNegativeCountIsABadArgument() async {
        let fixture = Fixture()
        let recorded = await failures { await fixture.screen.withButton("Row").assertViewCount(-1) }
        #expect(recorded.map(\.message) == [#"assertViewCount(-1) on button "Row": a count cannot be negative; expect 0 or more"#])
        #expect(fixture.elapsed == .zero)
    }

    @Test func withIndexActsOnThatMatch() async {
        let rows = (1...3).map { InMemoryElement.button("Row \($0)") }
        let fixture = Fixture(rows)
        #expect(await fixture.screen.withTextContains("Row").withIndex(1).tap())
        #expect(rows.map(\.actions) == [[], ["tap"], []])
        #expect(fixture.screen.withTextContains("Row").withIndex(1).description == #"element containing "Row" at index 1"#)
    }

    @Test func withIndexWaitsForEnoughMatchesThenSaysHowManyThereWere() async {
        let fixture = Fixture([.button("Row 1"), .button("Row 2")])
        fixture.root.after(.milliseconds(600)) { fixture.root.add(.button("Row 3")) }
        #expect(await fixture.screen.withTextContains("Row").withIndex(2).exist())
        #expect(fixture.elapsed == .milliseconds(600))

        let recorded = await failures { await fixture.screen.withTextContains("Row").withIndex(5).tap() }
        #expect(recorded.map(\.message).first?.hasPrefix(
            #"Waited 2 s for element containing "Row" at index 5 to be enabled (for tap), looking 21 time(s) every 0.1 s: only 3 element(s) match, so there is no index 5."#) == true)
    }

    @Test func aNegativeIndexIsABadArgument() async {
        let fixture = Fixture([.button("Row 1")])
        let recorded = await failures {
            await fixture.screen.withButton("Row 1").withIndex(-1).tap()
            await fixture.screen.withButton("Row 1").withIndex(-1).notExist()
        }
        #expect(recorded.map(\.message) == Array(repeating: #"withIndex(-1) on button "Row 1": indexes count from 0; use withIndex(0) for the first match"#, count: 2))
        #expect(fixture.elapsed == .zero)
    }

    @Test func aChangedLabelIsFoundUnderItsNewText() async {
        let status = InMemoryElement.text("Saving…")
        let fixture = Fixture([status])
        fixture.root.after(.seconds(1)) { status.label = "Saved" }
        #expect(await fixture.screen.withTextEquals("Saved").exist())
        #expect(fixture.elapsed == .seconds(1))
        #expect(await fixture.screen.withTextEquals("Saving…").notExist())
    }

    @Test func aTapCanChangeTheScreen() async {
        let fixture = Fixture()
        let next = InMemoryElement.button("Next")
        next.onTap = { _ in
            fixture.root.after(.milliseconds(800)) { fixture.root.add(.text("Step 2")) }
        }
        fixture.root.add(next)
        #expect(await fixture.screen.withButton("Next").tap())
        #expect(await fixture.screen.withTextEquals("Step 2").exist())
        #expect(fixture.elapsed == .milliseconds(800))
    }

    @Test func aPollIntervalThatIsNotPositiveFailsAtOnce() async {
        let root = InMemoryScreen(clock: VirtualClock())
        let screen = Screen(root, timeout: .seconds(5), pollInterval: .zero, clock: root.clock)
        let recorded = await failures { await screen.withButton("OK").exist() }
        #expect(recorded.map(\.message) == [
            #"Cannot wait for button "OK" to exist: the poll interval is 0 s; give a positive one, such as .milliseconds(100)."#,
        ])
    }

    @Test func aCancelledWaitStopsAndSaysSo() async {
        let fixture = Fixture()
        let recorded = await failures {
            // Cancelled before it runs: the task cannot start until this one suspends.
            let step = Task { @MainActor in await fixture.screen.withButton("OK").exist() }
            step.cancel()
            #expect(await step.value == false)
        }
        #expect(recorded.map(\.message) == ["""
            Cancelled after 0 s waiting for button "OK" to exist, looking 1 time(s): no element matches.
            The screen shows no elements.
            """])
    }

    @Test func theLastLookIsAtTheTimeoutEvenWhenItIsNotAMultipleOfTheInterval() async {
        let root = InMemoryScreen(clock: VirtualClock())
        let screen = Screen(root, timeout: .milliseconds(250), pollInterval: .milliseconds(100), clock: root.clock)
        root.after(.milliseconds(250)) { root.add(.text("Late")) }
        #expect(await screen.withTextEquals("Late").exist())
        #expect(root.clock.now.offset == .milliseconds(250))
    }

    @Test func aZeroTimeoutLooksOnce() async {
        let root = InMemoryScreen(clock: VirtualClock(), children: [.text("Here")])
        let screen = Screen(root, timeout: .zero, pollInterval: .milliseconds(100), clock: root.clock)
        #expect(await screen.withTextEquals("Here").exist())
        let recorded = await failures { await screen.withTextEquals("Gone").exist() }
        #expect(recorded.first?.message.hasPrefix(#"Waited 0 s for element "Gone" to exist, looking 1 time(s) every 0.1 s"#) == true)
    }

    @Test(arguments: [
        (["SIMULATOR_UDID": "1F2E"], true),
        (["HOME": "/root"], false),
    ])
    func isRunningOnSimulatorReadsTheEnvironment(environment: [String: String], expected: Bool) {
        #expect(Screen.isRunningOnSimulator(environment: environment) == expected)
    }
}
