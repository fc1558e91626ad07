import ReactorFlow
import ReactorFlowHeadless
import Testing

@MainActor
@Suite("a screen's handlers that add or remove handlers while called")
struct ScreenHandlersEditedWhileCalledTests {
  @Test(
    "a visibility handler that removes a later one and adds another: the pass sees the list it started with")
  func visibilityHandlersEditedWhileCalled() {
    let window = Window()
    let root = Screen(title: "root")
    var calls: [String] = []
    var second: AnyDisposable?
    var added: [AnyDisposable] = []
    let first = root.onVisibilityChange { visible in
      calls.append("first \(visible)")
      second?.dispose()
      added.append(root.onVisibilityChange { calls.append("added \($0)") })
    }
    second = root.onVisibilityChange { calls.append("second \($0)") }
    window.rootViewController = root
    #expect(root.isVisible)
    #expect(calls == ["first true", "second true"])
    first.dispose()
    _ = added
  }

  @Test("a dismissal handler that registers another and removes a sibling: each is called once")
  func dismissalHandlersEditedWhileCalled() {
    let window = Window()
    let root = Screen(title: "root")
    let top = Screen(title: "top")
    let stack = NavigationStack(rootViewController: root)
    window.rootViewController = stack
    stack.pushViewController(top, animated: false)
    var calls: [String] = []
    var sibling: AnyDisposable?
    var late: AnyDisposable?
    let first = top.onDismissed {
      calls.append("first")
      sibling?.dispose()
      late = top.onDismissed { calls.append("late") }
    }
    sibling = top.onDismissed { calls.append("sibling") }
    stack.popViewController(animated: false)
    #expect(top.isDismissed)
    #expect(calls == ["first", "late", "sibling"])
    first.dispose()
    _ = late
  }
}
