import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import DrrribleExample

/// The settings tab: the logout row names the signed-in user; logging out asks in an action
/// sheet and shows the login screen; the version row shows the App Store's latest version.
@MainActor @Suite(.checksLeaks)
struct SettingsLogoutAndVersion {
  let networking = FakeNetworking()

  /// The settings tab of `app`, once the splash screen has given way to the tabs.
  func showSettings(_ app: AppDependency) async throws -> SettingsViewController {
    await expectEventually("the main tab bar") { app.window.rootViewController is MainTabBarController }
    let tabs = try #require(app.window.rootViewController as? MainTabBarController)
    tabs.selectedIndex = 1
    return try #require(topScreen(app.window) as? SettingsViewController)
  }

  @Test func theLogoutRowNamesTheUserAndLogsOutAfterTheActionSheet() async throws {
    try await withApp(networking) { app in
      let settings = try await showSettings(app)
      await expectEventually("the user's name") { settings.content.last == "logout: devxoul" }
      #expect(settings.content.first == "version")

      settings.tableView.selectRow(at: IndexPath(row: 0, section: 1))
      let sheet = try #require(settings.presentedViewController as? UIAlertController)
      #expect(sheet.content == ["logout", "cancel"])
      sheet.tap("cancel")
      #expect(settings.presentedViewController == nil)
      #expect(app.window.rootViewController is MainTabBarController)

      settings.tableView.selectRow(at: IndexPath(row: 0, section: 1))
      try #require(settings.presentedViewController as? UIAlertController).tap("logout")
      #expect(app.window.rootViewController is LoginViewController)
      #expect(app.analytics.events.suffix(3) == [.tryLogout, .tryLogout, .logout])
    }
  }

  @Test func theVersionScreenChecksTheAppStore() async throws {
    try await withApp(networking) { app in
      let settings = try await showSettings(app)
      settings.tableView.selectRow(at: IndexPath(row: 0, section: 0))
      let version = try #require(settings.navigationController?.topViewController as? VersionViewController)
      #expect(version.title == "version")
      await expectEventually("the latest version") {
        version.content == ["current_version: 0.0.0", "latest_version: 2.0.0"]
      }
      #expect(app.window.rootViewController is MainTabBarController)
    }
  }

  @Test func theAboutRowsOpenTheirPages() async throws {
    try await withApp(networking) { app in
      let settings = try await showSettings(app)
      settings.tableView.selectRow(at: IndexPath(row: 1, section: 0))
      let github = try #require(settings.presentedViewController as? SFSafariViewController)
      #expect(github.url.absoluteString == "https://github.com/devxoul/Drrrible")
      github.dismiss(animated: false)

      settings.tableView.selectRow(at: IndexPath(row: 3, section: 0))
      #expect(settings.navigationController?.topViewController is CarteViewController)
      #expect(app.window.rootViewController is MainTabBarController)
    }
  }
}
