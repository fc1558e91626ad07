import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowSwiftUI
import ReactorFlowTesting
import Testing

/// Screens churned at random — pushed, popped, presented, dismissed, replaced — while the SwiftUI
/// container's model is rebuilt after each change: an identity seen once always belongs to the
/// same screen, even after that screen is released and new ones take its memory.
@MainActor
@Suite("SwiftUI container: screen identities under random churn", .checksLeaks)
struct ScreenChurnIdentityFuzzTests {
  /// Every node of the model, with its screen.
  func identities(_ model: NavigationModel) -> [(ScreenID, Screen)] {
    var found: [(ScreenID, Screen)] = []
    var pending = model.root.map { [$0] } ?? []
    while let node = pending.popLast() {
      if let screen = model.screen(node.id) { found.append((node.id, screen)) }
      switch node.kind {
      case .stack(let root, let path): pending += (root.map { [$0] } ?? []) + path
      case .tabs(let tabs, _): pending += tabs
      default: break
      }
      if let presented = node.presented { pending.append(presented) }
    }
    return found
  }

  @Test("200 random sequences of 60 changes: no identity is ever given to a second screen")
  func churn() {
    for seed in 0..<(isUnderSanitizer ? 50 : 200) {
      var random = SplitMix64(startingAt: UInt64(seed))
      let window = Window()
      let stack = ReactorFlowHeadless.NavigationStack(rootViewController: Screen(title: "Root"))
      window.rootViewController = stack
      let model = NavigationModel(window: window)
      // The title of the first screen seen with each identity (every title is used once): a
      // second screen with the same identity is the defect, whether or not the first is alive.
      var owners: [ScreenID: String] = [:]
      var made = 0
      for _ in 0..<60 {
        let top = stack.topViewController ?? stack
        switch random.next(below: 4) {
        case 0:
          made += 1
          stack.pushViewController(Screen(title: "Pushed \(made)"), animated: false)
        case 1:
          _ = stack.popViewController(animated: false)
        case 2:
          if top.presentedScreen != nil { top.dismiss(animated: false) }
          made += 1
          top.present(Screen(title: "Sheet \(made)"), animated: false)
        default:
          stack.presentedScreen?.dismiss(animated: false)
          top.presentedScreen?.dismiss(animated: false)
        }
        for (id, screen) in identities(model) {
          let owner = owners[id, default: screen.title]
          owners[id] = owner
          guard owner == screen.title else {
            Issue.record("seed \(seed): \(id) was \"\(owner)\" and is now \"\(screen.title)\"")
            return
          }
        }
      }
    }
  }
}
