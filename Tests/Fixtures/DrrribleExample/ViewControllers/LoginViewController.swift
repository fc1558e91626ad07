import ReactorFlow
import ReactorFlowHeadless

final class LoginViewController: BaseViewController, View {

  // MARK: Properties

  @BindsReactor var reactor: LoginViewReactor?
  fileprivate let analytics: DrrribleAnalytics
  fileprivate let presentMainScreen: () -> Void

  // MARK: UI

  let loginButton = UIButton()
  let activityIndicatorView = UIActivityIndicatorView()

  // MARK: Initializing

  init(
    reactor: LoginViewReactor,
    analytics: DrrribleAnalytics,
    presentMainScreen: @escaping () -> Void
  ) {
    defer { self.reactor = reactor }
    self.analytics = analytics
    self.presentMainScreen = presentMainScreen
    super.init()
    self.content = ["Drrrible", "login_with_dribbble".localized]
  }

  // MARK: Configuring

  func bind(reactor: LoginViewReactor) {
    // Input
    self.loginButton.onTap = { [weak self] in
      self?.reactor?.action.onNext(.login)
      // Analytics
      self?.analytics.log(.tryLogin)
    }

    // Output
    reactor.observe(\.isLoading) { [weak self] isLoading in
      self?.loginButton.isHidden = isLoading
      self?.activityIndicatorView.isAnimating = isLoading
    }
    .disposed(by: self.disposeBag)

    reactor.observe(\.isLoggedIn) { [weak self] isLoggedIn in
      guard isLoggedIn else { return }
      // Analytics
      self?.analytics.log(.login)
      self?.presentMainScreen()
    }
    .disposed(by: self.disposeBag)
  }
}
