import ReactorFlow
import ReactorFlowHeadless

struct AppDependency {
  let window: Window
  let navigator: Navigator
  let authService: AuthService
  let analytics: DrrribleAnalytics
  /// Ends the cycle of the two screen switches (each captures the variable that holds the
  /// other), which keeps the services they capture alive. The app never calls it: its switches
  /// live as long as it does. A test calls it when it is done with the app, so that the app's
  /// objects are released.
  let releaseScreenSwitches: @MainActor () -> Void
}

@MainActor
final class CompositionRoot {
  /// Builds a dependency graph and returns an entry view controller.
  static func resolve(
    networking: DrrribleNetworking,
    appStoreNetworking: AppStoreNetworking,
    keychain: Keychain = Keychain(service: "com.drrrible.ios")
  ) -> AppDependency {
    let window = Window()
    window.makeKeyAndVisible()

    let navigator = Navigator()
    navigator.window = window

    let authService = AuthService(navigator: navigator, networking: networking, keychain: keychain)
    let appStoreService = AppStoreService(
      networking: appStoreNetworking, bundleIdentifier: "com.drrrible.ios")
    let userService = UserService(networking: networking)
    let shotService = ShotService(networking: networking)

    let analytics = DrrribleAnalytics()

    var presentMainScreen: (() -> Void)!
    var presentLoginScreen: (() -> Void)!
    // The window is the app's for its whole life; weak here, so that a test's tree is released
    // (the two closures hold each other until `releaseScreenSwitches`).
    presentMainScreen = { [weak window] in
      let shotListViewReactor = ShotListViewReactor(
        shotService: shotService,
        shotCellReactorFactory: ShotCellReactor.init
      )
      let shotListViewController = ShotListViewController(
        reactor: shotListViewReactor,
        analytics: analytics
      )
      let mainTabBarController = MainTabBarController(
        reactor: MainTabBarViewReactor(),
        shotListViewController: shotListViewController,
        settingsViewController: SettingsViewController(
          reactor: SettingsViewReactor(userService: userService),
          analytics: analytics,
          versionViewControllerFactory: {
            let reactor = VersionViewReactor(appStoreService: appStoreService)
            return VersionViewController(reactor: reactor)
          },
          presentLoginScreen: presentLoginScreen
        )
      )
      window?.rootViewController = mainTabBarController
    }
    presentLoginScreen = { [weak window] in
      let reactor = LoginViewReactor(authService: authService, userService: userService)
      window?.rootViewController = LoginViewController(
        reactor: reactor,
        analytics: analytics,
        presentMainScreen: presentMainScreen
      )
    }

    let reactor = SplashViewReactor(userService: userService)
    let splashViewController = SplashViewController(
      reactor: reactor,
      presentLoginScreen: presentLoginScreen,
      presentMainScreen: presentMainScreen
    )
    window.rootViewController = splashViewController

    return AppDependency(
      window: window,
      navigator: navigator,
      authService: authService,
      analytics: analytics,
      releaseScreenSwitches: {
        presentMainScreen = nil
        presentLoginScreen = nil
      }
    )
  }
}
