import ReactorFlow
import ReactorFlowHeadless

final class SplashViewController: BaseViewController, View {

  typealias Reactor = SplashViewReactor

  // MARK: Properties

  @BindsReactor var reactor: SplashViewReactor?
  private let presentLoginScreen: () -> Void
  private let presentMainScreen: () -> Void

  // MARK: UI

  fileprivate let activityIndicatorView = UIActivityIndicatorView()

  // MARK: View Life Cycle

  override func viewDidLoad() {
    super.viewDidLoad()
    self.activityIndicatorView.isAnimating = true
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    self.reactor?.action.onNext(.checkIfAuthenticated)
  }

  // MARK: Initializing

  init(
    reactor: Reactor,
    presentLoginScreen: @escaping () -> Void,
    presentMainScreen: @escaping () -> Void
  ) {
    defer { self.reactor = reactor }
    self.presentLoginScreen = presentLoginScreen
    self.presentMainScreen = presentMainScreen
    super.init()
  }

  // MARK: Configuring

  func bind(reactor: Reactor) {
    // State
    reactor.observe(\.isAuthenticated) { [weak self] isAuthenticated in
      guard let isAuthenticated else { return }
      if !isAuthenticated {
        self?.presentLoginScreen()
      } else {
        self?.presentMainScreen()
      }
    }
    .disposed(by: self.disposeBag)
  }

}
