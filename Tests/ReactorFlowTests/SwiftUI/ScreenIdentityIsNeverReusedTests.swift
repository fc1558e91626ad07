import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowSwiftUI
import ReactorFlowTesting
import Testing

/// A screen's identity is its own for its whole life and never reused by a later screen: SwiftUI
/// keeps a view's state by identity (`sheet(item:)`, `navigationDestination`), and a late
/// dismissal aimed at a screen that is gone must not reach the one that replaced it. An object's
/// address is not such an identity: the allocator hands a released object's address to the next
/// allocation at once.
@MainActor
@Suite("SwiftUI container: a replaced screen never takes the old one's identity", .checksLeaks)
struct ScreenIdentityIsNeverReusedTests {
  @Test("a sheet replaced by another, twenty times: every sheet has an identity of its own")
  func replacedSheets() {
    let window = Window()
    let root = Screen(title: "Root")
    window.rootViewController = root
    let model = NavigationModel(window: window)
    var seen: Set<ScreenID> = []
    for index in 0..<20 {
      root.present(Screen(title: "Sheet \(index)"), animated: false)
      guard let id = model.root?.presented?.id else {
        Issue.record("sheet \(index) is not in the model")
        return
      }
      #expect(seen.insert(id).inserted, "sheet \(index) took the identity of a released sheet")
      root.dismiss(animated: false)
    }
  }

  @Test("a late dismissal for a released sheet leaves the sheet that replaced it")
  func lateDismissal() {
    let window = Window()
    let root = Screen(title: "Root")
    window.rootViewController = root
    let model = NavigationModel(window: window)
    guard let rootID = model.root?.id else {
      Issue.record("no root")
      return
    }
    for index in 0..<20 {
      root.present(Screen(title: "First \(index)"), animated: false)
      guard let first = model.root?.presented?.id else {
        Issue.record("no first sheet")
        return
      }
      root.dismiss(animated: false)
      root.present(Screen(title: "Second \(index)"), animated: false)
      // SwiftUI reports the first sheet's swipe-down after it was replaced.
      model.dismissModal(first, presentedBy: rootID)
      #expect(root.presentedScreen?.title == "Second \(index)")
      root.dismiss(animated: false)
    }
  }

  @Test("a pushed screen replaced by another gets an identity of its own")
  func replacedPushes() {
    let window = Window()
    let stack = ReactorFlowHeadless.NavigationStack(rootViewController: Screen(title: "Root"))
    window.rootViewController = stack
    let model = NavigationModel(window: window)
    var seen: Set<ScreenID> = []
    for index in 0..<20 {
      stack.pushViewController(Screen(title: "Pushed \(index)"), animated: false)
      guard case .stack(_, let path)? = model.root?.kind, let id = path.last?.id else {
        Issue.record("push \(index) is not in the model")
        return
      }
      #expect(seen.insert(id).inserted, "push \(index) took the identity of a released screen")
      _ = stack.popViewController(animated: false)
    }
  }
}
