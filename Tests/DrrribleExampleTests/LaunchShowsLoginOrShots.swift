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
    let app = CompositionRoot.resolve(networking: networking, appStoreNetworking: networking)
    #expect(app.window.rootViewController is SplashViewController)

    await expectEventually("the login screen") { app.window.rootViewController is LoginViewController }
  }

  @Test func withASessionTheShotsAndSettingsTabsAreShown() async {
    let networking = FakeNetworking()
    _ = twoPages(networking)
    let app = CompositionRoot.resolve(networking: networking, appStoreNetworking: networking)

    await expectEventually("the main tab bar") { app.window.rootViewController is MainTabBarController }
    let tabs = app.window.rootViewController as! MainTabBarController
    #expect(tabs.viewControllers.map { $0.tabBarItem.image } == ["tab-shots", "tab-settings"])
    #expect(tabs.viewControllers.map { $0.tabBarItem.title } == [nil, nil])
    // The shot list loads its first page when its view loads.
    await expectEventually("the first page") { topScreen(app.window)?.content == ["Shot 1", "Shot 2"] }
    #expect(app.analytics.events == [.viewShotList])
  }
}
