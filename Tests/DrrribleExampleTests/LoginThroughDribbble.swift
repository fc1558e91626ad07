import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import DrrribleExample

/// Logging in shows Dribbble's authorization page; its redirect's code is exchanged for a token,
/// the user is fetched, and the shots are shown.
@MainActor @Suite(.checksLeaks)
struct LoginThroughDribbble {
  @Test func theRedirectsCodeSignsInAndShowsTheShots() async throws {
    let networking = FakeNetworking()
    networking.user = nil
    let keychain = Keychain(service: "com.drrrible.ios")
    try await withApp(networking, keychain: keychain) { app in
      await expectEventually("the login screen") { app.window.rootViewController is LoginViewController }
      let login = try #require(app.window.rootViewController as? LoginViewController)

      login.loginButton.tap()
      // The button gives way to the spinner at once; Dribbble's page is shown.
      #expect(login.loginButton.isHidden)
      #expect(login.activityIndicatorView.isAnimating)
      await expectEventually("the authorization page") { topScreen(app.window) is SFSafariViewController }
      let page = try #require(topScreen(app.window) as? SFSafariViewController)
      #expect(page.url.absoluteString.hasPrefix("https://dribbble.com/oauth/authorize?"))

      networking.user = .fixture()
      app.authService.callback(code: "abc")
      #expect(login.presentedViewController == nil)

      await expectEventually("the main tab bar") { app.window.rootViewController is MainTabBarController }
      #expect(networking.requestedCodes == ["abc"])
      #expect(keychain["access_token"] == "token-abc")
      #expect(app.authService.currentAccessToken?.accessToken == "token-abc")
      #expect(app.analytics.events.prefix(2) == [.tryLogin, .login])
    }
  }
}
