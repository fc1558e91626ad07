import Foundation
import ReactorFlow
import ReactorFlowHeadless

final class CounterViewController: BaseViewController, DeferredReactorView {

  @BindsReactorWhenLoaded var reactor: CounterViewReactor?
  private let clock: any Clock<Duration>

  /// What the storyboard's value label shows.
  private(set) var valueLabelText = ""
  /// Whether the storyboard's activity indicator spins.
  private(set) var isActivityIndicatorAnimating = false

  init(clock: any Clock<Duration> = ContinuousClock()) {
    self.clock = clock
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()

    self.reactor = CounterViewReactor(clock: clock)
  }

  func bind(reactor: CounterViewReactor) {
    bindState(reactor)
  }

  /// The storyboard's link button was tapped: the example's read-me is shown.
  func linkButtonTapped() {
    guard
      let url = URL(string: "https://github.com/ReactorKit/ReactorKit/blob/master/Examples/Counter/README.md")
    else { return }
    let viewController = SFSafariViewController(url: url)
    self.present(viewController, animated: true, completion: nil)
  }

  /// The storyboard's increase button was tapped.
  func increaseButtonTapped() {
    reactor?.send(.incrase)
  }

  /// The storyboard's decrease button was tapped.
  func decreaseButtonTapped() {
    reactor?.send(.decrease)
  }
}

extension CounterViewController {
  fileprivate func bindState(_ reactor: CounterViewReactor) {
    reactor.observe(\.value) { [weak self] value in
      self?.valueLabelText = "\(value)"
      self?.showControls()
    }
    .disposed(by: disposeBag)

    reactor.observe(\.isLoading) { [weak self] isLoading in
      self?.isActivityIndicatorAnimating = isLoading
      self?.showControls()
    }
    .disposed(by: disposeBag)
  }

  private func showControls() {
    content = ["-", valueLabelText, "+"] + (isActivityIndicatorAnimating ? ["loading"] : [])
  }
}
