import ReactorFlowHeadless

/// The sign-in form. On iOS it is a `UIViewController` (with `ReactorFlowUIKit`) or a SwiftUI
/// view; here it is a screen of the headless screen tree, which runs in tests and on Linux.
final class SignInScreen: Screen, View {
  @BindsReactor var reactor: SignInReactor?
  var disposeBag = DisposeBag()

  init(reactor: SignInReactor) {
    super.init(title: "Sign in")
    self.reactor = reactor
  }

  func bind(reactor: SignInReactor) {
    reactor.observe(\.isSigningIn) { [weak self] isSigningIn in
      self?.content = isSigningIn ? ["Signing in…"] : ["Email", "Password"]
    }
    .disposed(by: disposeBag)
  }
}
