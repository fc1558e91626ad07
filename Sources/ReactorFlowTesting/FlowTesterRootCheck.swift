import ReactorFlow
import ReactorFlowHeadless

/// What `FlowTester.start` checks once the flow it started has handled a step: that the flow's
/// root is in the tester's window. A flow whose root is elsewhere renders `window` alone, and a
/// test that checks only its steps would pass without the flow showing anything.
struct RootCheck {
  /// Weak: the tester must not keep a flow alive that the test checks is released.
  weak var flow: (any Flow)?
  var hasNavigated = false
  let fileID: StaticString
  let filePath: StaticString
  let line: UInt
  let column: UInt

  /// What is wrong with the flow's root in `window`, with what to write instead; `nil` when the
  /// root is there (or is a kind the headless tree does not know, or the flow is gone).
  @MainActor
  func problem(in window: Window) -> String? {
    guard let flow else { return nil }
    let root = flow.root
    let flowName = "\(type(of: flow))"
    if let rootWindow = root as? Window {
      guard rootWindow !== window else { return nil }
      return """
        The root of \(flowName) is a window other than the tester's, so the tester's window \
        shows nothing of the flow (it renders `window` alone) and only its steps are checked.

        Give the flow the tester's window (`\(flowName)(window: tester.window)`), or make the \
        tester with the flow's window: `FlowTester(window: …)`.
        """
    } else if let screen = root as? Screen {
      guard screen.window !== window else { return nil }
      let placement = screen.window == nil ? "not in any window" : "in another window"
      return """
        The root of \(flowName), \(type(of: screen)) "\(screen.title)", is \(placement), not in the \
        tester's window, so the window shows nothing of the flow (it renders `window` alone) and \
        only its steps are checked.

        Put the root in the tester's window before starting the flow: \
        `Flows.use(flow, when: .created) { root in tester.window.rootViewController = root }`, \
        or `tester.window.rootViewController = <the root>`; or, if the flow sets a window's root \
        itself, give it `tester.window`.
        """
    } else {
      // A root the headless tree does not know (neither a window nor a screen): not checked.
      return nil
    }
  }
}
