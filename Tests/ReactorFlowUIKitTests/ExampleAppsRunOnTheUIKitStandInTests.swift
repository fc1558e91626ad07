import ReactorFlowTesting
import ReactorFlowUIKit
import ReactorFlowUIKitExamples
import Testing

/// Lets the main actor run other work until `condition` holds (a bounded number of turns, no
/// sleeping); records an issue if it never does.
@MainActor
func waitUntil(
  _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
) async {
  for _ in 0..<10_000 {
    if condition() { return }
    await Task.yield()
  }
  Issue.record("Timed out waiting until \(what)", sourceLocation: sourceLocation)
}

@MainActor
@Suite("UIKit adapter: the example apps' UIKit code on the stand-in", .checksLeaks)
struct ExampleAppsRunOnTheUIKitStandInTests {
  @Test("launch then tabs: SceneDelegate → AppFlow(window:) → launch screen → tab bar of two flows")
  func launchScreenThenTabBarOfTwoFlows() async throws {
    let delegate = SceneDelegate()
    delegate.launchDuration = .zero
    delegate.scene(UIWindowScene(), willConnectTo: UISceneSession(), options: UIScene.ConnectionOptions())
    let window = try #require(delegate.window)
    #expect(window.rootViewController?.title == "Launch")
    weak let launch = window.rootViewController
    await waitUntil("the tab bar is the root") { window.rootViewController is UITabBarController }
    let tabs = try #require(window.rootViewController as? UITabBarController)
    let stacks = (tabs.viewControllers ?? []).compactMap { $0 as? UINavigationController }
    #expect(stacks.map { $0.tabBarItem.title } == ["Home", "MyPage"])
    #expect(stacks.map { $0.topViewController?.title } == ["Home", "MyPage"])
    #expect(launch == nil)
    // Home → Home_Next, then back: the pushed screen is released.
    (stacks[0].topViewController as? StepperViewController)?.nextButtonDidTap()
    #expect(stacks[0].topViewController?.title == "Home_Next")
    weak let next = stacks[0].topViewController
    stacks[0].popViewController(animated: true)
    #expect(next == nil)
    #expect(delegate.coordinator.flows.count == 4)
    window.rootViewController = nil
  }

  @Test("sign-in app: tab bar root, auth flow presented over full screen, ended by signing in")
  func authFlowOverFullScreenEndsOnSignIn() async throws {
    let window = UIWindow(frame: .zero)
    window.makeKeyAndVisible()
    let appFlow = FavorAppFlow(authService: AuthService())
    window.rootViewController = appFlow.rootViewController
    let coordinator = FlowCoordinator()
    coordinator.coordinate(flow: appFlow, with: OneStepper(withSingleStep: AppStep.authIsRequired))
    weak let weakAuth = appFlow.rootViewController.presentedViewController
    weak let reactor: AuthSignInViewReactor?
    do {
      let auth = try #require(appFlow.rootViewController.presentedViewController as? UINavigationController)
      #expect(auth.modalPresentationStyle == .overFullScreen)
      let signIn = try #require(auth.topViewController as? AuthSignInViewController)
      // Bound once, after the view was loaded (ReactorKit's StoryboardView, without swizzling).
      #expect(signIn.bindings == [true])
      // The tab bar stays under an over-full-screen modal (UIKit keeps the presenter on screen).
      #expect(appFlow.rootViewController.isVisible)
      reactor = signIn.reactor
      signIn.reactor?.send(.emailDidUpdate("a@b.c"))
      signIn.reactor?.send(.passwordDidUpdate("secret"))
      signIn.reactor?.send(.signInButtonDidTap)
      #expect(signIn.statusText == "Signing in…")
    }
    await waitUntil("the auth flow is dismissed") {
      appFlow.rootViewController.presentedViewController == nil
    }
    #expect(coordinator.flows.count == 1)
    #expect(weakAuth == nil && reactor == nil)
    #expect(appFlow.rootViewController.selectedIndex == 0)
    window.rootViewController = nil
  }

  @Test("movie app: wishlist and watched tabs, a pushed movie, a settings modal that ends itself")
  func tabsPushedMovieAndSelfEndingSettings() throws {
    let window = UIWindow(frame: .zero)
    window.makeKeyAndVisible()
    let dashboard = DashboardFlow()
    window.rootViewController = dashboard.rootViewController
    let coordinator = FlowCoordinator()
    coordinator.coordinate(flow: dashboard, with: OneStepper(withSingleStep: DemoStep.dashboardIsRequired))
    let tabs = dashboard.rootViewController
    let stacks = (tabs.viewControllers ?? []).compactMap { $0 as? UINavigationController }
    #expect(stacks.map { $0.tabBarItem.title } == ["Wishlist", "Watched"])
    #expect(stacks.map { $0.topViewController?.title } == ["Wishlist", "Watched"])
    (stacks[0].topViewController as? MoviesViewController)?.viewModel.pick(movieId: 2)
    #expect(stacks[0].topViewController?.title == "Movie 2")
    // The watched tab's view model emits while its tab is hidden: its first step passes
    // (RxFlow's `pausable(afterCount: 1)`), the next ones are dropped.
    let watched = try #require(stacks[1].topViewController as? MoviesViewController)
    watched.viewModel.pick(movieId: 4)
    watched.viewModel.pick(movieId: 4)
    #expect(stacks[1].viewControllers.map(\.title) == ["Watched", "Movie 4"])

    dashboard.wishlistStepper?.settingsButtonDidTap()
    let settings = try #require(stacks[0].presentedViewController as? UINavigationController)
    #expect(settings.topViewController?.title == "Settings")
    weak let settingsFlow = coordinator.flows.lazy.compactMap { $0 as? SettingsFlow }.first
    #expect(settingsFlow != nil)
    // A cancelled swipe down keeps it; "done" ends the flow and the parent dismisses it.
    settings.standInInteractiveDismissal(completes: false)
    #expect(settingsFlow != nil)
    settingsFlow?.doneButtonDidTap()
    #expect(stacks[0].presentedViewController == nil)
    #expect(settingsFlow == nil)
    // Opened again and swiped away: released too, without the flow ending itself.
    dashboard.wishlistStepper?.settingsButtonDidTap()
    weak let again = coordinator.flows.lazy.compactMap { $0 as? SettingsFlow }.first
    stacks[0].presentedViewController?.standInInteractiveDismissal(completes: true)
    #expect(again == nil)
    #expect(coordinator.flows.count == 3)
    window.rootViewController = nil
  }

  @Test("diary app: coordinators on a navigation controller; going back removes the child coordinator")
  func goingBackRemovesTheChildCoordinator() throws {
    let window = UIWindow(frame: .zero)
    let app = makeDiaryApp(in: window)
    let navigation = app.navigationController
    let main = try #require(navigation.topViewController as? MainViewController)
    #expect(main.rows == ["First day"])
    let mainCoordinator = try #require(app.childCoordinators.first as? MainCoordinator)

    main.didSelectRow(at: 0)
    #expect(navigation.topViewController?.title == "First day")
    weak let detailCoordinator = mainCoordinator.childCoordinators.first
    #expect(detailCoordinator is DiaryDetailCoordinator)
    (navigation.topViewController as? DiaryDetailViewController)?.editButtonDidTap()
    #expect(navigation.topViewController?.title == "Edit First day")
    #expect(detailCoordinator?.childCoordinators.count == 1)

    // Back button from the editor: its coordinator is removed; the detail's stays.
    navigation.popViewController(animated: true)
    #expect(detailCoordinator?.childCoordinators.isEmpty == true)
    // A cancelled back swipe keeps the detail coordinator; a completed one removes it.
    navigation.standInInteractivePop(completes: false)
    #expect(mainCoordinator.childCoordinators.count == 1)
    navigation.standInInteractivePop(completes: true)
    #expect(mainCoordinator.childCoordinators.isEmpty)
    #expect(detailCoordinator == nil)
    #expect(app.backTracker.pending == 0)
    window.rootViewController = nil
  }
}
