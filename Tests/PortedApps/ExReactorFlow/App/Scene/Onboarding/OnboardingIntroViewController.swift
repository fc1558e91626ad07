import ReactorFlow
import ReactorFlowHeadless

final class OnboardingIntroViewController: BaseViewController, DeferredReactorView, Stepper {

  let steps = PublishRelay<Step>()
  @BindsReactorWhenLoaded var reactor: OnboardingIntroViewReactor?
  private let preferencesService: PreferencesService

  init(preferencesService: PreferencesService) {
    self.preferencesService = preferencesService
    super.init(content: ["Complete"])
  }

  override func viewDidLoad() {
    super.viewDidLoad()

    self.reactor = OnboardingIntroViewReactor(preferencesService: preferencesService)
  }

  func bind(reactor: OnboardingIntroViewReactor) {
    bindState(reactor)
  }

  /// The storyboard's complete button was tapped.
  func completeButtonTapped() {
    reactor?.send(.introIsComplete)
  }
}

extension OnboardingIntroViewController {
  fileprivate func bindState(_ reactor: OnboardingIntroViewReactor) {
    var isBoundState = true
    reactor.observeState { [weak self] state in
      defer { isBoundState = false }
      guard !isBoundState else { return }
      self?.steps.accept(state.step)
    }
    .disposed(by: self.disposeBag)
  }
}
