import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import Testing

@Suite("A recording window journals the user's gestures: back, swipe down, tab selection by index")
@MainActor
struct RecordingGesturesTests {
  /// Two tabs; the first a stack of two screens with a sheet over it.
  func tree() -> (Window, TabBar) {
    let window = Window()
    let stack = NavigationStack(rootViewController: Screen(title: "Diary"), title: "Diary")
    let tabs = TabBar()
    tabs.setViewControllers([stack, Screen(title: "Settings")], animated: false)
    window.rootViewController = tabs
    stack.pushViewController(Screen(title: "Entry"), animated: false)
    stack.topViewController?.present(Screen(title: "Share"), style: .pageSheet)
    return (window, tabs)
  }

  @Test("each gesture the user makes is recorded once, in order, on the window or on its tab bar")
  func gestures() {
    let (window, tabs) = tree()
    let recorder = JournalRecorder()
    window.record(into: recorder)
    #expect(window.userSwipesDown())
    #expect(window.userTapsBack())
    #expect(!window.userTapsBack())  // nothing to go back to: nothing recorded
    #expect(window.userSelectsTab("Settings"))
    #expect(window.userSelectsTab(at: 0))
    #expect(!window.userSelectsTab(at: 5))
    #expect(tabs.selectedIndex == 0)
    let gestures = recorder.journal.entries.compactMap { entry -> String? in
      guard case .gesture(let gesture) = entry.event else { return nil }
      return "\(gesture) @ \(entry.source)"
    }
    #expect(
      gestures == [
        "swipe down @ Window/0",
        "back @ Window/0",
        "select tab 1 @ Window/0 > TabBar/0",
        "select tab 0 @ Window/0 > TabBar/0",
      ])
  }

  @Test("a window that does not record records nothing, and stops when told to")
  func notRecording() {
    let (window, _) = tree()
    let recorder = JournalRecorder()
    window.userGestured(.back)
    window.record(into: recorder)
    window.record(into: nil)
    #expect(window.userSwipesDown())
    #expect(window.recorder == nil)
    #expect(!recorder.journal.entries.contains { $0.event.kind == .gesture })
  }
}
