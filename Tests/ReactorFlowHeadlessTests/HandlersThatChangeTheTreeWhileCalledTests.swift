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

  @Test("a change handler that removes itself and pops while the handlers are called")
  func changeHandlerRemovesItselfAndPops() {
    let window = Window()
    let root = Screen(title: "root")
    let top = Screen(title: "top")
    let stack = NavigationStack(rootViewController: root)
    window.rootViewController = stack
    stack.pushViewController(top, animated: false)
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
}
