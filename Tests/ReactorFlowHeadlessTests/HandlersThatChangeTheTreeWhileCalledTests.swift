import ReactorFlow
import ReactorFlowHeadless
import Testing

/// The window's and the screens' handlers run user code while the pass reads the hot state in
/// place: a handler that changes the tree, or adds and removes handlers, is heard in order.
@MainActor
@Suite("Handlers that change the tree while they are called")
struct HandlersThatChangeTheTreeWhileCalledTests {
  @Test("setViewControllers reordering the stack's own screens keeps them, in the new order")
  func reorderOwnScreens() {
    let window = Window()
    let a = Screen(title: "a")
    let b = Screen(title: "b")
    let c = Screen(title: "c")
    let stack = NavigationStack(rootViewController: a)
    window.rootViewController = stack
    stack.pushViewController(b, animated: false)
    stack.pushViewController(c, animated: false)
    stack.setViewControllers([c, a, b], animated: false)
    #expect(stack.children.map(\.title) == ["c", "a", "b"])
    #expect(window.topScreen === b)
    #expect(!a.isDismissed && !b.isDismissed && !c.isDismissed)
    #expect(b.isVisible && !c.isVisible && !a.isVisible)
  }

  @Test("a visibility handler that pushes a screen and adds a change handler")
  func visibilityHandlerChangesTheTree() {
    let window = Window()
    let root = Screen(title: "root")
    let next = Screen(title: "next")
    let stack = NavigationStack(rootViewController: root)
    var changes = 0
    var bag: [AnyDisposable] = []
    bag.append(
      root.onVisibilityChange { visible in
        guard visible else { return }
        stack.pushViewController(next, animated: false)
        bag.append(window.onChange { changes += 1 })
      })
    window.rootViewController = stack
    #expect(window.topScreen === next)
    #expect(next.isVisible)
    #expect(!root.isVisible)
    #expect(changes >= 1)
    // The root's handler holds the stack, which holds the root: disposing it breaks the cycle.
    for subscription in bag { subscription.dispose() }
  }

  /// A window showing a stack of two screens, `top` pushed on `root`.
  private func stackOfTwo() -> (window: Window, stack: NavigationStack, top: Screen) {
    let window = Window()
    let stack = NavigationStack(rootViewController: Screen(title: "root"))
    window.rootViewController = stack
    let top = Screen(title: "top")
    stack.pushViewController(top, animated: false)
    return (window, stack, top)
  }

  @Test("a change handler that removes itself and pops while the handlers are called")
  func changeHandlerRemovesItselfAndPops() {
    let (window, stack, top) = stackOfTwo()
    var first: AnyDisposable?
    var calls: [String] = []
    first = window.onChange {
      calls.append("first")
      first?.dispose()
      first = nil
      _ = stack.popViewController(animated: false)
    }
    let second = window.onChange { calls.append("second") }
    stack.pushViewController(Screen(title: "pushed"), animated: false)
    #expect(window.topScreen === top)
    #expect(calls.first == "first")
    #expect(calls.filter { $0 == "first" }.count == 1)
    _ = second
  }

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
    let (_, stack, top) = stackOfTwo()
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
