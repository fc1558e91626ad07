import ReactorFlow

final class CounterViewReactor: Reactor {

  enum Action {
    case incrase
    case decrease
  }

  enum Mutation {
    case increaseValue
    case decreaseValue
    case setLoading(Bool)
  }

  struct State {
    var value: Int
    var isLoading: Bool
  }

  let initialState: State
  let store = ReactorStore<CounterViewReactor>()
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration> = ContinuousClock()) {
    self.initialState = State(value: 0, isLoading: false)
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .incrase:
      return .concat(
        .just(Mutation.setLoading(true)),
        Effect.just(Mutation.increaseValue).delay(for: .milliseconds(500), clock: clock),
        .just(Mutation.setLoading(false))
      )

    case .decrease:
      return .concat(
        .just(Mutation.setLoading(true)),
        Effect.just(Mutation.decreaseValue).delay(for: .milliseconds(500), clock: clock),
        .just(Mutation.setLoading(false))
      )
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .increaseValue:
      state.value += 1
    case .decreaseValue:
      state.value -= 1
    case .setLoading(let isLoding):
      state.isLoading = isLoding
    }
    return state
  }
}
