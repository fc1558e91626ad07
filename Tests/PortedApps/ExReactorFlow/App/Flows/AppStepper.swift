import ReactorFlow

final class AppStepper: Stepper {
  let steps = PublishRelay<Step>()
  private let appServices: AppServices
  private let disposeBag = DisposeBag()

  init(withServices services: AppServices) {
    self.appServices = services
  }

  var initialStep: Step {
    return SampleStep.onboardingIsRequired
  }

  func readyToEmitSteps() {
    self.appServices
      .preferencesService
      .isOnboardedValues
      .subscribe { [steps] isOnboarded in
        log.debug("isOnboarded ->", isOnboarded)
        let step = isOnboarded ? SampleStep.onboardingIsComplete : SampleStep.onboardingIsRequired
        log.debug("step ->", step)
        steps.accept(step)
      }
      .disposed(by: self.disposeBag)
  }
}
