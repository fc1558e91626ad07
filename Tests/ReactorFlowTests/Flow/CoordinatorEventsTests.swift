import ConcurrencyExtras
import ReactorFlow
import Testing

@MainActor
@Suite("Flow: the coordinator's events are read-only streams", .checksLeaks)
struct CoordinatorEventsTests {
  @Test("willNavigate, didNavigate and diagnostics cannot be sent to from outside the coordinator")
  func readOnly() {
    let coordinator = FlowCoordinator()
    // A relay would let anyone accept, off the main actor too, where the handlers would crash.
    #expect(!((coordinator.willNavigate as Any) is PublishRelay<NavigationEvent>))
    #expect(!((coordinator.didNavigate as Any) is PublishRelay<NavigationEvent>))
    #expect(!((coordinator.diagnostics as Any) is PublishRelay<FlowDiagnostic>))
  }

  @Test("subscribers and iterators get will/did-navigate and diagnostics, in order")
  func streams() async {
    let coordinator = FlowCoordinator()
    let flow = LoggingFlow("app")
    var log: [String] = []
    let bag = DisposeBag()
    coordinator.willNavigate.subscribe { log.append("will \($0.step)") }.disposed(by: bag)
    coordinator.didNavigate.subscribe { log.append("did \($0.step)") }.disposed(by: bag)
    coordinator.diagnostics.subscribe { log.append("diagnostic \($0)") }.disposed(by: bag)
    var events = coordinator.didNavigate.makeAsyncIterator()
    #expect(coordinator.didNavigate.subscriberCount == 2)
    coordinator.coordinate(flow: flow, with: flow)
    flow.steps.accept(TestStep.show("a"))
    flow.steps.accept(TestStep.endMe)
    #expect(
      log == [
        "will show(\"a\")", "did show(\"a\")", "will endMe", "did endMe",
        "diagnostic LoggingFlow is the root flow, so ended could not be forwarded to a parent. Handle it in LoggingFlow, or return .none.",
      ])
    #expect((await events.next())?.step as? TestStep == .show("a"))
    #expect((await events.next())?.step as? TestStep == .endMe)
  }
}
