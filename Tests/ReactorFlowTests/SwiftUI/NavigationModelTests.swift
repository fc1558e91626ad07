import ConcurrencyExtras
import Observation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowSwiftUI
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

// The navigation model the SwiftUI container renders, driven by the same flows as the headless
// tests (the movie app's dashboard: tabs of navigation flows, a settings flow presented as a sheet and
// ended by its parent), and the user's SwiftUI gestures turned into changes of the tree.

@MainActor
@Suite("SwiftUI container: the navigation model of the movie app's flows", .checksLeaks)
struct NavigationModelTests {
  /// The movie app: the dashboard flow in a window, with its settings button.
  @MainActor
  final class App {
    let window = Window()
    let dashboard = DashboardFlow()
    let coordinator = FlowCoordinator()
    let settingsButton = SettingsButtonStepper()

    init() {
      window.rootViewController = dashboard.rootViewController
      coordinator.coordinate(
        flow: dashboard,
        with: CompositeStepper(steppers: [
          OneStepper(withSingleStep: DemoStep.dashboardIsRequired), settingsButton,
        ]))
    }
  }

  /// The tabs' nodes of the model's root.
  func tabs(_ model: NavigationModel) -> (ScreenNode, [ScreenNode], Int)? {
    guard let root = model.root, case .tabs(let tabs, let selected) = root.kind else { return nil }
    return (root, tabs, selected)
  }

  @Test("tabs of navigation stacks, then a push: the SwiftUI path grows")
  func tabsAndPush() {
    let app = App()
    let model = NavigationModel(window: app.window)
    #expect(
      model.root?.render() == """
        tabs "Dashboard" selected 0
          stack "Wishlist"
            screen "Wishlist movies"
          stack "Watched"
            screen "Watched movies"
        """)
    ((app.window.topScreen as? MovieScreen)?.viewModel as? MovieListViewModel)?.pick(movieId: 42)
    ((app.window.topScreen as? MovieScreen)?.viewModel as? MovieDetailViewModel)?.pick(castId: 7)
    #expect(
      model.root?.render() == """
        tabs "Dashboard" selected 0
          stack "Wishlist"
            screen "Wishlist movies"
            → screen "Movie 42"
            → screen "Cast 7"
          stack "Watched"
            screen "Watched movies"
        """)
    guard let (_, tabs, _) = tabs(model), case .stack(_, let path) = tabs[0].kind else {
      Issue.record("expected tabs of stacks")
      return
    }
    #expect(path.map(\.title) == ["Movie 42", "Cast 7"])
    #expect(model.node(path[1].id)?.title == "Cast 7")
    #expect(model.screen(path[0].id) === app.window.topScreen?.parent?.children[1])
  }

  @Test("back gesture: SwiftUI shortens the path, the stack pops, the popped contribution ends")
  func backGesture() {
    let app = App()
    let model = NavigationModel(window: app.window)
    ((app.window.topScreen as? MovieScreen)?.viewModel as? MovieListViewModel)?.pick(movieId: 42)
    weak let detailViewModel = (app.window.topScreen as? MovieScreen)?.viewModel as? MovieDetailViewModel
    #expect(detailViewModel != nil)
    guard let (_, tabs, _) = tabs(model) else {
      Issue.record("expected tabs")
      return
    }
    model.setPath([], ofStack: tabs[0].id)
    #expect(app.window.topScreen?.title == "Wishlist movies")
    #expect(detailViewModel == nil)
    #expect(
      model.root?.render() == """
        tabs "Dashboard" selected 0
          stack "Wishlist"
            screen "Wishlist movies"
          stack "Watched"
            screen "Watched movies"
        """)
  }

  @Test("a path that is not a prefix of the stack's is ignored (screens are pushed by flows)")
  func foreignPathIgnored() {
    let app = App()
    let model = NavigationModel(window: app.window)
    ((app.window.topScreen as? MovieScreen)?.viewModel as? MovieListViewModel)?.pick(movieId: 42)
    guard let (root, tabs, _) = tabs(model) else {
      Issue.record("expected tabs")
      return
    }
    model.setPath([root.id], ofStack: tabs[0].id)
    model.setPath([], ofStack: root.id)
    #expect(app.window.topScreen?.title == "Movie 42")
  }

  @Test("tab tap: SwiftUI sets the selection, the tab bar selects it")
  func tabTap() {
    let app = App()
    let model = NavigationModel(window: app.window)
    guard let (root, _, _) = tabs(model) else {
      Issue.record("expected tabs")
      return
    }
    model.select(1, inTabs: root.id)
    #expect(app.dashboard.rootViewController.selectedIndex == 1)
    #expect(app.window.topScreen?.title == "Watched movies")
    #expect(tabs(model)?.2 == 1)
    model.select(5, inTabs: root.id)
    #expect(app.dashboard.rootViewController.selectedIndex == 1)
  }

  @Test("a form-sheet flow is a sheet; swiped down, it is dismissed and its flow ends")
  func sheetSwipedDown() {
    let app = App()
    let model = NavigationModel(window: app.window)
    app.settingsButton.tap()
    #expect(
      model.root?.render() == """
        tabs "Dashboard" selected 0
          stack "Wishlist"
            screen "Wishlist movies"
          stack "Watched"
            screen "Watched movies"
          sheet: stack "Settings"
            screen "Settings"
        """)
    #expect(app.coordinator.flows.count == 4)
    guard let root = model.root, let presented = root.presented else {
      Issue.record("expected a modal")
      return
    }
    #expect(root.modalPresentation == .sheet)
    model.dismissModal(presented.id, presentedBy: root.id)
    #expect(app.dashboard.rootViewController.presentedScreen == nil)
    #expect(app.coordinator.flows.count == 3)
    #expect(model.root?.presented == nil)
    // SwiftUI writes nil again once the sheet has gone: nothing more happens.
    model.dismissModal(presented.id, presentedBy: root.id)
    #expect(app.coordinator.flows.count == 3)
  }

  @Test("the flow dismisses its modal: the sheet goes away, no gesture needed")
  func flowDismisses() {
    let app = App()
    let model = NavigationModel(window: app.window)
    app.settingsButton.tap()
    (app.coordinator.flows.last as? SettingsFlow)?.viewModel.done()
    #expect(model.root?.presented == nil)
    #expect(app.window.topScreen?.title == "Wishlist movies")
  }

  @Test("full-screen styles are covers, the others sheets")
  func presentationStyles() {
    let window = Window()
    let root = Screen(title: "Root")
    window.rootViewController = root
    let model = NavigationModel(window: window)
    root.present(Screen(title: "Splash"), style: .fullScreen)
    #expect(
      model.root?.render() == """
        screen "Root"
          cover: screen "Splash"
        """)
    #expect(ModalPresentation(.overFullScreen) == .fullScreenCover)
    #expect(ModalPresentation(.overCurrentContext) == .fullScreenCover)
    #expect(ModalPresentation(.automatic) == .sheet)
    #expect(ModalPresentation(.pageSheet) == .sheet)
    #expect(ModalPresentation(.formSheet) == .sheet)
    root.dismiss()
  }

  @Test("the root is tracked by Observation: a push invalidates a view that reads it, once")
  func observation() {
    let app = App()
    let model = NavigationModel(window: app.window)
    let changes = LockIsolated(0)
    withObservationTracking {
      _ = model.root
    } onChange: {
      changes.withValue { $0 += 1 }
    }
    ((app.window.topScreen as? MovieScreen)?.viewModel as? MovieListViewModel)?.pick(movieId: 1)
    ((app.window.topScreen as? MovieScreen)?.viewModel as? MovieDetailViewModel)?.pick(castId: 2)
    #expect(changes.value == 1)
  }

  @Test("a model of an empty window has no root; the model does not keep the window's screens")
  func emptyWindow() {
    let window = Window()
    let model = NavigationModel(window: window)
    #expect(model.root == nil)
    weak var screen: Screen?
    do {
      let shown = Screen(title: "A")
      screen = shown
      window.rootViewController = shown
      #expect(model.root?.title == "A")
      window.rootViewController = nil
    }
    #expect(screen == nil)
    #expect(model.root == nil)
  }
}
