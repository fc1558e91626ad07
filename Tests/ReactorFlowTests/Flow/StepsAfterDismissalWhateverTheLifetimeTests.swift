import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

// With `allowStepWhenDismissed: true`, a pair's stepper keeps reaching its flow after its
// presentable is dismissed, with the default hidden-step policy: whether something still holds
// the dismissed screen (the app, a cache, a test) must not decide whether the step is handled.

@MainActor
@Suite("Flow: steps after dismissal reach the flow whoever holds the dismissed screen", .checksLeaks)
struct StepsAfterDismissalWhateverTheLifetimeTests {
  @Test(
    "allowStepWhenDismissed with the default policy: a step after dismissal is handled, screen held or released",
    arguments: [true, false])
  func stepAfterDismissal(screenIsHeld: Bool) {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let window = Window()
    let flow = LoggingFlow("app")
    window.rootViewController = flow.navigation
    flow.allowStepWhenDismissed = true
    coordinator.coordinate(flow: flow, with: flow)
    flow.steps.accept(TestStep.push("detail"))
    let stepper = flow.pushed.removeValue(forKey: "detail")!.stepper
    weak let weakScreen = flow.navigation.topViewController
    // Kept only when the test holds it (the stack lets it go once popped).
    let held: Screen? = screenIsHeld ? flow.navigation.topViewController : nil
    // The first step passes whatever the visibility: emit it while visible.
    stepper.steps.accept(TestStep.show("visible"))
    flow.steps.accept(TestStep.pop)
    #expect((weakScreen != nil) == screenIsHeld)
    stepper.steps.accept(TestStep.show("dismissed"))
    #expect(
      flow.log == ["push(\"detail\")", "show(\"visible\")", "pop", "show(\"dismissed\")"])
    #expect(diagnostics.all.isEmpty)
    _ = held
    window.rootViewController = nil
  }
}

@MainActor
@Suite("Flow: steps held for a hidden screen that is dismissed with allowStepWhenDismissed", .checksLeaks)
struct HeldStepsOfADismissedScreenTests {
  @Test(
    "allowStepWhenDismissed with .buffer: steps held while hidden reach the flow when the screen is dismissed"
  )
  func heldStepsReachTheFlow() {
    let coordinator = FlowCoordinator()
    let diagnostics = CoordinatorDiagnostics(coordinator)
    let window = Window()
    let flow = LoggingFlow("app")
    window.rootViewController = flow.navigation
    flow.allowStepWhenDismissed = true
    flow.pushPolicy = .buffer
    coordinator.coordinate(flow: flow, with: flow)
    flow.steps.accept(TestStep.push("a"))
    let stepper = flow.pushed["a"]!.stepper
    stepper.steps.accept(TestStep.show("visible"))
    flow.steps.accept(TestStep.push("b"))
    // Hidden under "b": held.
    stepper.steps.accept(TestStep.show("hidden"))
    #expect(flow.log == ["push(\"a\")", "show(\"visible\")", "push(\"b\")"])
    // "a" leaves without showing again: what was held goes on, and so do later steps.
    _ = flow.navigation.popToRootViewController()
    stepper.steps.accept(TestStep.show("dismissed"))
    #expect(
      flow.log == [
        "push(\"a\")", "show(\"visible\")", "push(\"b\")", "show(\"hidden\")", "show(\"dismissed\")",
      ])
    #expect(diagnostics.all.isEmpty)
    flow.pushed.removeAll()
    window.rootViewController = nil
  }
}
