import ReactorFlow

final class OnboardingIntroViewReactor: Reactor, HasPreferencesService {
  let preferencesService: PreferencesService

  enum Action {
    case introIsComplete
  }

  enum Mutation {
    case moveDashboard
  }

  struct State {
    var step: Step = SampleStep.introIsRequired
  }

  let initialState = State()
  let store = ReactorStore<OnboardingIntroViewReactor>()

  init(preferencesService: PreferencesService) {
    self.preferencesService = preferencesService
  }

  func mutate(action: OnboardingIntroViewReactor.Action) -> Effect<OnboardingIntroViewReactor.Mutation> {
    switch action {
    case .introIsComplete:
      preferencesService.setOnboarded()
      return .just(Mutation.moveDashboard)
    }
  }

  func reduce(
    state: OnboardingIntroViewReactor.State, mutation: OnboardingIntroViewReactor.Mutation
  ) -> OnboardingIntroViewReactor.State {
    var state = state
    switch mutation {
    case .moveDashboard:
      state.step = SampleStep.introIsComplete
      return state
    }
  }
}
