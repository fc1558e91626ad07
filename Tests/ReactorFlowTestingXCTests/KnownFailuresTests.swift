import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import XCTest

/// Wrong expectations on purpose, one for each tool: each test must fail under XCTest, once, on
/// the line after its `// Known failure, on the next line: …` comment. Skipped unless
/// REACTORFLOW_XCTEST_KNOWN_FAILURES=1: `XCTestReportsKnownFailuresTests` (in
/// ReactorFlowTestingTests) runs this class alone, in a process of its own with that variable, and
/// checks each failure and its file and line.
final class KnownFailuresTests: XCTestCase {
  /// A hang guard short enough for waits that never end here.
  static let shortGuard: Duration = .milliseconds(200)

  override func setUpWithError() throws {
    try XCTSkipUnless(
      ProcessInfo.processInfo.environment["REACTORFLOW_XCTEST_KNOWN_FAILURES"] == "1",
      "deliberate failures: run by XCTestReportsKnownFailuresTests with REACTORFLOW_XCTEST_KNOWN_FAILURES=1")
  }

  // MARK: ReactorTester

  @MainActor func testSendWithAWrongState() async {
    let tester = ReactorTester(CounterReactor())
    // Known failure, on the next line: ReactorTester.send, a wrong state.
    tester.send(.increase) { $0.value = 42 }
    await tester.finish()
  }

  @MainActor func testSendWithAnUnstatedChange() async {
    let tester = ReactorTester(CounterReactor())
    // Known failure, on the next line: ReactorTester.send, an unstated change.
    tester.send(.increase)
    await tester.finish()
  }

  @MainActor func testSendWithAThrowingAssertion() async {
    let tester = ReactorTester(CounterReactor())
    // Known failure, on the next line: ReactorTester.send, a throwing assertion.
    tester.send(.increase) {
      $0.value = 1
      throw ExpectationError()
    }
    await tester.finish()
  }

  @MainActor func testReceiveWhenNothingArrives() async {
    let tester = ReactorTester(CounterReactor())
    tester.send(.increaseLater)
    // Known failure, on the next line: ReactorTester.receive.
    await tester.receive(timeout: Self.shortGuard) { $0.value = 1 }
  }

  @MainActor func testFinishWithWorkStillRunning() async {
    let tester = ReactorTester(CounterReactor())
    tester.send(.increaseLater)
    // Known failure, on the next line: ReactorTester.finish.
    await tester.finish(timeout: Self.shortGuard)
  }

  @MainActor func testTesterWaitUntilIdleWithWorkStillRunning() async {
    let tester = ReactorTester(CounterReactor())
    tester.send(.increaseLater)
    // Known failure, on the next line: ReactorTester.waitUntilIdle.
    await tester.waitUntilIdle(timeout: Self.shortGuard)
  }

  @MainActor func testStoreWaitUntilIdleWithWorkStillRunning() async {
    let reactor = CounterReactor()
    reactor.send(.increaseLater)
    // Known failure, on the next line: ReactorStore.waitUntilIdle.
    await reactor.store.waitUntilIdle(timeout: Self.shortGuard)
  }

  // MARK: Clocks and hang guards

  @MainActor func testAdvanceAfterSleepersThatNeverSleep() async {
    let clock = CountingTestClock()
    // Known failure, on the next line: CountingTestClock.advance.
    await clock.advance(by: .seconds(1), afterSleepers: 1, timeout: Self.shortGuard)
  }

  @MainActor func testExpectEventuallyWhenTheConditionNeverHolds() async {
    let reactor = CounterReactor()
    // Known failure, on the next line: expectEventually.
    await expectEventually("the value is 1", timeout: Self.shortGuard) {
      reactor.currentState.value == 1
    }
  }

  // MARK: FlowTester

  @MainActor func testStartWithARootOutsideTheWindow() async {
    let tester = FlowTester()
    // Known failure, on the next line: FlowTester.start, a root outside the window.
    tester.start(HomeFlow(), with: OneStepper(withSingleStep: HomeStep.homeIsRequired))
    tester.expectSteps(["HomeFlow: homeIsRequired"])
    await tester.finish()
  }

  @MainActor func testExpectStepsWithAWrongStep() async {
    let (tester, _) = Self.startedHomeFlow()
    // Known failure, on the next line: FlowTester.expectSteps.
    tester.expectSteps(["HomeFlow: settingsAreRequired"])
    await tester.finish()
  }

  @MainActor func testExpectRenderedWithAWrongTree() async {
    let (tester, _) = Self.startedHomeFlow()
    tester.expectSteps(["HomeFlow: homeIsRequired"])
    // Known failure, on the next line: FlowTester.expectRendered.
    tester.expectRendered("window")
    await tester.finish()
  }

  @MainActor func testExpectDiagnosticsWhenNoneCame() async {
    let (tester, _) = Self.startedHomeFlow()
    tester.expectSteps(["HomeFlow: homeIsRequired"])
    // Known failure, on the next line: FlowTester.expectDiagnostics.
    tester.expectDiagnostics([.rejectedDeepLink(.unknownRoute("nowhere"))])
    await tester.finish()
  }

  @MainActor func testWaitForStepsThatNeverCome() async {
    let (tester, _) = Self.startedHomeFlow()
    tester.expectSteps(["HomeFlow: homeIsRequired"])
    // Known failure, on the next line: FlowTester.waitForSteps.
    await tester.waitForSteps(1, timeout: Self.shortGuard)
    await tester.finish()
  }

  @MainActor func testFinishWithAnUnstatedStep() async {
    let (tester, _) = Self.startedHomeFlow()
    // Known failure, on the next line: FlowTester.finish.
    await tester.finish()
  }

  // MARK: Leaks

  @MainActor func testExpectNoLeaksWithAKeptObject() async {
    let kept = CounterReactor()
    // Known failure, on the next line: expectNoLeaks.
    await expectNoLeaks(timeout: Self.shortGuard) { leaks in
      leaks.track(kept, "the kept reactor")
    }
    withExtendedLifetime(kept) {}
  }

  @MainActor func testExpectAllReleasedWithAKeptObject() async {
    let kept = CounterReactor()
    let leaks = LeakTracker()
    leaks.track(kept, "the kept reactor")
    // Known failure, on the next line: LeakTracker.expectAllReleased.
    await leaks.expectAllReleased(timeout: Self.shortGuard)
    withExtendedLifetime(kept) {}
  }

  /// A tester running the README's flow, its root in the tester's window.
  @MainActor static func startedHomeFlow() -> (FlowTester, HomeFlow) {
    let tester = FlowTester()
    let flow = HomeFlow()
    Flows.use(flow, when: .created) { root in tester.window.rootViewController = root }
    tester.start(flow, with: OneStepper(withSingleStep: HomeStep.homeIsRequired))
    return (tester, flow)
  }
}
