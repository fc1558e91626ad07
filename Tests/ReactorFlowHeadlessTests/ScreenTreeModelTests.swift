import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// Model-based fuzzing of the screen tree: random push, pop, pop-to-root, present, dismiss and
/// tab selection, applied both to the real tree and to a small reference model. After every
/// operation the visible screen, the rendered visibility and the set of live screens agree.
@MainActor
@Suite("Presentation: model-based fuzzing of the screen tree", .checksLeaks)
struct ScreenTreeModelTests {
  /// What the tree should be: each tab's stack of titles, the selected tab, the modals on top.
  struct Model {
    var stacks: [[String]] = [["A0"], ["B0"]]
    var selected = 0
    var modals: [String] = []

    var topTitle: String { modals.last ?? stacks[selected].last! }
    var liveCount: Int { stacks.map(\.count).reduce(0, +) + modals.count }
  }

  enum Operation: CaseIterable { case push, pop, popToRoot, present, dismiss, select }

  @Test("2,000 random sequences of 30 operations: real tree and model never diverge")
  func fuzz() {
    let sequences = 2_000
    var generator = SplitMix64(startingAt: 0xC0FFEE)
    var divergences = 0
    for sequence in 0..<sequences {
      divergences += run(sequence: sequence, operations: 30, generator: &generator) ? 0 : 1
    }
    #expect(divergences == 0)
  }

  /// Runs one sequence; `true` when the tree and the model agreed after every operation.
  private func run(sequence: Int, operations: Int, generator: inout SplitMix64) -> Bool {
    let window = Window()
    let tabs = TabBar(title: "Tabs")
    let stacks = [
      NavigationStack(rootViewController: Screen(title: "A0"), title: "A"),
      NavigationStack(rootViewController: Screen(title: "B0"), title: "B"),
    ]
    tabs.setViewControllers(stacks)
    window.rootViewController = tabs
    var model = Model()
    let leaks = LeakTracker()
    var counter = 0
    var history: [Operation] = []
    for _ in 0..<operations {
      let operation = Operation.allCases[Int(generator.next() % UInt64(Operation.allCases.count))]
      history.append(operation)
      counter += 1
      switch operation {
      case .push:
        guard model.modals.isEmpty else { continue }
        let title = "S\(counter)"
        stacks[model.selected].pushViewController(leaks.track(Screen(title: title)))
        model.stacks[model.selected].append(title)
      case .pop:
        guard model.modals.isEmpty else { continue }
        stacks[model.selected].popViewController()
        if model.stacks[model.selected].count > 1 { model.stacks[model.selected].removeLast() }
      case .popToRoot:
        guard model.modals.isEmpty else { continue }
        stacks[model.selected].popToRootViewController()
        model.stacks[model.selected] = [model.stacks[model.selected][0]]
      case .present:
        let title = "M\(counter)"
        window.topScreen?.present(leaks.track(Screen(title: title)))
        model.modals.append(title)
      case .dismiss:
        guard let modal = window.topScreen, model.modals.last == modal.title else { continue }
        modal.dismiss()
        model.modals.removeLast()
      case .select:
        guard model.modals.isEmpty else { continue }
        let index = Int(generator.next() % 2)
        tabs.select(index)
        model.selected = index
      }
      let visibleTitles = window.visibleScreens.filter { $0.isVisible }.map(\.title)
      let live = leaks.alive.count + 2  // the two stack roots are not tracked
      guard window.topScreen?.title == model.topTitle, visibleTitles.last == model.topTitle,
        live == model.liveCount
      else {
        Issue.record(
          """
          Sequence \(sequence) diverged after \(history): top \(window.topScreen?.title ?? "none") \
          vs model \(model.topTitle), live \(live) vs \(model.liveCount).
          \(window.render())
          """)
        return false
      }
    }
    return true
  }
}
