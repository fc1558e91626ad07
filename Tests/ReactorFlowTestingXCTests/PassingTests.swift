import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import XCTest

/// ReactorFlowTesting from an XCTest file that imports only XCTest and the library's modules:
/// every tool compiles, and passes when its expectation holds.
final class PassingTests: XCTestCase {
  @MainActor func testSendStatesTheExactChange() async {
    let tester = ReactorTester(CounterReactor())
    tester.send(.increase) { $0.value = 1 }
    tester.send(.increase) { $0.value = 2 }
    await tester.finish()
  }

  @MainActor func testAMutationFromAsynchronousWorkIsReceived() async {
    let clock = CountingTestClock()
    let tester = ReactorTester(CounterReactor(clock: clock))
    tester.send(.increaseLater)
    await clock.advance(by: .seconds(1), afterSleepers: 1)
    await tester.waitUntilIdle()
    await tester.receive { $0.value = 1 }
    await tester.finish()
  }

  @MainActor func testAStoreWaitsUntilIdle() async {
    let clock = CountingTestClock()
    let reactor = CounterReactor(clock: clock)
    reactor.send(.increaseLater)
    await clock.advance(by: .seconds(1), afterSleepers: 1)
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    XCTAssertEqual(reactor.currentState.value, 1)
  }

  @MainActor func testAFlowInTheTestersWindowIsRendered() async {
    let tester = FlowTester()
    let flow = HomeFlow()
    Flows.use(flow, when: .created) { root in tester.window.rootViewController = root }
    tester.start(flow, with: OneStepper(withSingleStep: HomeStep.homeIsRequired))
    tester.expectSteps(["HomeFlow: homeIsRequired"])
    tester.expectRendered(
      """
      window
        navigation "Home" *
          screen "Home" *
      """)
    await tester.finish()
  }

  @MainActor func testAFlowsDiagnosticsAreStated() async {
    let tester = FlowTester()
    let flow = HomeFlow()
    Flows.use(flow, when: .created) { root in tester.window.rootViewController = root }
    tester.start(flow, with: OneStepper(withSingleStep: HomeStep.homeIsRequired))
    tester.expectSteps(["HomeFlow: homeIsRequired"])
    _ = tester.coordinator.navigate(toDeepLink: "myapp://nowhere", with: DeepLinkRouter(scheme: "myapp"))
    tester.expectDiagnostics([.rejectedDeepLink(.unknownRoute("nowhere"))])
    await tester.finish()
  }

  @MainActor func testReleasedObjectsPassTheLeakChecks() async {
    await expectNoLeaks { leaks in
      let reactor = leaks.track(CounterReactor())
      reactor.send(.increase)
    }
    let leaks = LeakTracker()
    do {
      let flow = leaks.track(HomeFlow())
      _ = flow.root
    }
    await leaks.expectAllReleased()
  }

  @MainActor func testDiagnosticsAreCollected() async {
    let diagnostics = await withDiagnostics { RecomputedStoreReactor().send(.tap) }
    XCTAssertEqual(diagnostics, [.reactor(.storeNotStored(reactor: "RecomputedStoreReactor"))])
  }

  @MainActor func testAConditionThatComesToHoldPasses() async {
    let reactor = CounterReactor()
    Task { @MainActor in reactor.send(.increase) }
    await expectEventually("the value is 1") { reactor.currentState.value == 1 }
  }
}
