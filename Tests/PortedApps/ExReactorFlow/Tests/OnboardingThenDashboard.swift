import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// The app starts on its onboarding's introduction until the user completes it, then shows a tab
/// bar of a counter and a GitHub search; forgetting the onboarding brings the introduction back.
@MainActor @Suite(.checksLeaks)
struct OnboardingThenDashboard {
  @Test func aFirstLaunchShowsTheIntroductionAloneInItsStack() throws {
    let scratch = ScratchDefaults()
    let app = AppDelegate(preferencesService: PreferencesService(defaults: scratch.defaults))
    #expect(app.application())
    let stack = try #require(app.window?.rootViewController as? NavigationStack)
    #expect(stack.viewControllers.map(\.title) == ["앱 소개"])
    #expect(app.window?.topScreen is OnboardingIntroViewController)
  }

  @Test func completingTheIntroductionRemembersItAndShowsTheCounterAndSearchTabs() throws {
    let scratch = ScratchDefaults()
    let preferences = PreferencesService(defaults: scratch.defaults)
    let app = AppDelegate(preferencesService: preferences)
    _ = app.application()

    let intro = try #require(app.window?.topScreen as? OnboardingIntroViewController)
    intro.completeButtonTapped()

    #expect(preferences.isOnboarded())
    #expect(scratch.defaults.bool(forKey: UserPreferences.onBoarded))
    let tabs = try #require(app.window?.rootViewController as? TabBar)
    #expect(tabs.viewControllers.map(\.tabBarItem.title) == ["Counter", "Search"])
    #expect(tabs.viewControllers.map(\.title) == ["Counter", "GitHub Search"])
    let stacks = tabs.viewControllers.compactMap { $0 as? NavigationStack }
    #expect(stacks.map { $0.viewControllers.map(\.title) } == [["Counter"], ["GitHubSearch"]])
    #expect(app.window?.topScreen is CounterViewController)
  }

  @Test func theOnboardingFlowEndsOnceTheIntroductionIsComplete() throws {
    let scratch = ScratchDefaults()
    let app = AppDelegate(preferencesService: PreferencesService(defaults: scratch.defaults))
    _ = app.application()
    #expect(app.coordinator.flows.contains { $0 is OnboardingFlow })

    try #require(app.window?.topScreen as? OnboardingIntroViewController).completeButtonTapped()

    #expect(!app.coordinator.flows.contains { $0 is OnboardingFlow })
    #expect(app.coordinator.flows.contains { $0 is DashboardFlow })
    #expect(app.coordinator.flows.contains { $0 is CounterFlow })
    #expect(app.coordinator.flows.contains { $0 is GitHubSearchFlow })
  }

  @Test func aLaunchAfterTheOnboardingShowsTheDashboard() throws {
    let scratch = ScratchDefaults()
    scratch.defaults.set(true, forKey: UserPreferences.onBoarded)
    let app = AppDelegate(preferencesService: PreferencesService(defaults: scratch.defaults))
    _ = app.application()

    let tabs = try #require(app.window?.rootViewController as? TabBar)
    #expect(tabs.viewControllers.map(\.tabBarItem.title) == ["Counter", "Search"])
  }

  @Test func forgettingTheOnboardingShowsTheIntroductionAgain() throws {
    let scratch = ScratchDefaults()
    let preferences = PreferencesService(defaults: scratch.defaults)
    let app = AppDelegate(preferencesService: preferences)
    _ = app.application()
    try #require(app.window?.topScreen as? OnboardingIntroViewController).completeButtonTapped()
    #expect(app.window?.rootViewController is TabBar)

    preferences.setNotOnboarded()

    #expect(!scratch.defaults.bool(forKey: UserPreferences.onBoarded))
    #expect(app.window?.topScreen?.title == "앱 소개")
    #expect(!app.coordinator.flows.contains { $0 is DashboardFlow })
  }

  @Test func eachNavigationIsLoggedBeforeAndAfterIt() async {
    let scratch = ScratchDefaults()
    let app = AppDelegate(preferencesService: PreferencesService(defaults: scratch.defaults))
    _ = app.application()

    await expectEventually("the navigation to the introduction, logged before and after") {
      let messages = log.lines.map(\.message)
      return messages.contains {
        $0.contains("will navigate to flow=") && $0.contains("step=introIsRequired")
      }
        && messages.contains { $0.contains("did navigate to flow=") && $0.contains("step=introIsRequired") }
    }
  }

  @Test func withoutAWindowTheAppDoesNotStart() {
    let scratch = ScratchDefaults()
    let app = AppDelegate(window: nil, preferencesService: PreferencesService(defaults: scratch.defaults))
    #expect(!app.application())
    #expect(app.coordinator.flows.isEmpty)
  }
}
