import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import DrrribleExample

/// The splash screen asks for the signed-in user and shows the login screen or the shots.
@MainActor @Suite(.checksLeaks)
struct LaunchShowsLoginOrShots {
  @Test func withoutASessionTheLoginScreenIsShown() async {
    let networking = FakeNetworking()
    networking.user = nil
    await withApp(networking) { app in
      #expect(app.window.rootViewController is SplashViewController)

      await expectEventually("the login screen") { app.window.rootViewController is LoginViewController }
    }
  }

  @Test func withASessionTheShotsAndSettingsTabsAreShown() async throws {
    let networking = FakeNetworking()
    _ = twoPages(networking)
    try await withApp(networking) { app in
      await expectEventually("the main tab bar") { app.window.rootViewController is MainTabBarController }
      let tabs = try #require(app.window.rootViewController as? MainTabBarController)
      #expect(tabs.viewControllers.map { $0.tabBarItem.image } == ["tab-shots", "tab-settings"])
      #expect(tabs.viewControllers.map { $0.tabBarItem.title } == [nil, nil])
      // The shot list loads its first page when its view loads.
      await expectEventually("the first page") { topScreen(app.window)?.content == ["Shot 1", "Shot 2"] }
      #expect(app.analytics.events == [.viewShotList])
    }
  }
}
