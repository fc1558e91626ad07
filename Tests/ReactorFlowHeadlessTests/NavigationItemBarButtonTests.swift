import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

final class NoteEditorReactor: Reactor {
  enum Action: Sendable { case save, cancel }
  struct State { var log: [String] = [] }
  let initialState = State()
  let store = ReactorStore<NoteEditorReactor>()
  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    newState.log.append("\(mutation)")
    return newState
  }
}

@MainActor
@Suite("Presentation: a screen's navigation item and its bar buttons", .checksLeaks)
struct NavigationItemBarButtonTests {
  @Test("tapping a bar button sends its action to the screen's reactor")
  func tapSendsAction() throws {
    let window = Window()
    let editor = Screen(title: "Edit note")
    let reactor = NoteEditorReactor()
    editor.navigationItem.leftBarButtonItem = BarButtonItem(systemItem: .cancel) { [weak reactor] in
      reactor?.send(.cancel)
    }
    editor.navigationItem.rightBarButtonItem = BarButtonItem(title: "Save", style: .done) { [weak reactor] in
      reactor?.send(.save)
    }
    window.rootViewController = NavigationStack(rootViewController: editor)
    try #require(editor.navigationItem.barButtonItem(titled: "Save")).tap()
    try #require(editor.navigationItem.barButtonItem(titled: "Cancel")).tap()
    #expect(reactor.currentState.log == ["save", "cancel"])
    #expect(editor.navigationItem.barButtonItem(titled: "Delete") == nil)
  }

  @Test(
    "the title defaults to the screen's; the rendered tree shows the bar of a visible screen with buttons")
  func rendering() {
    let window = Window()
    let list = Screen(title: "Notes")
    let stack = NavigationStack(rootViewController: list, title: "Nav")
    window.rootViewController = stack
    let before = window.render()
    #expect(!before.contains("bar:"))
    list.navigationItem.leftBarButtonItems = [BarButtonItem(systemItem: .edit)]
    list.navigationItem.rightBarButtonItems = [BarButtonItem(systemItem: .add), BarButtonItem(image: "gear")]
    #expect(list.navigationItem.title == nil)
    #expect(
      window.render() == """
        window
          navigation "Nav" *
            screen "Notes" *
              bar: [Edit] "Notes" [Add] [gear]
        """)
    list.navigationItem.title = "All notes"
    list.navigationItem.rightBarButtonItem?.isEnabled = false
    #expect(window.render().contains("bar: [Edit] \"All notes\" [Add](disabled) [gear]"))
    stack.pushViewController(Screen(title: "Detail"), animated: false)
    #expect(!window.render().contains("bar:"))
  }

  @Test("a change of the bar redraws: the window's change handlers hear it")
  func changesAreHeard() {
    let window = Window()
    let screen = Screen(title: "Notes")
    window.rootViewController = screen
    var changes = 0
    let subscription = window.onChange { changes += 1 }
    screen.navigationItem.rightBarButtonItem = BarButtonItem(systemItem: .add)
    screen.navigationItem.rightBarButtonItem?.title = "New"
    #expect(changes == 2)
    subscription.dispose()
  }

  @Test("a disabled button's tap is reported and runs nothing")
  func disabledTap() async {
    let screen = Screen(title: "Notes")
    var taps = 0
    let button = BarButtonItem(title: "Share") { taps += 1 }
    screen.navigationItem.rightBarButtonItem = button
    button.isEnabled = false
    let diagnostics = await withDiagnostics { button.tap() }
    #expect(diagnostics == [.screenTree(.disabledBarButton(title: "Share"))])
    #expect(taps == 0)
    button.isEnabled = true
    button.tap()
    #expect(taps == 1)
  }

  @Test("leftBarButtonItem and rightBarButtonItem are the first of their side; assigning replaces the side")
  func singleItems() {
    let item = NavigationItem()
    let first = BarButtonItem(title: "One")
    item.rightBarButtonItems = [first, BarButtonItem(title: "Two")]
    #expect(item.rightBarButtonItem === first)
    item.rightBarButtonItem = nil
    #expect(item.rightBarButtonItems == nil)
    #expect(item.leftBarButtonItem == nil)
    #expect(BarButtonItem(systemItem: .done).style == .done)
  }
}
