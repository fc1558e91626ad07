import ReactorFlow

/// The launch screen: shown first, it moves on by itself after a moment.
final class LaunchReactor: Reactor, Stepper {
  enum Action: Codable { case viewDidAppear }
  enum Mutation: Codable { case setMessage(String) }
  struct State: Encodable { var message = "ReactorFlow Diary" }

  let initialState = State()
  let store = ReactorStore<LaunchReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  init(env: AppEnvironment) { self.env = env }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .viewDidAppear:
      let (clock, delay) = (env.clock, env.launchDelay)
      return .concat(
        .just(.setMessage("Loading your diary…")),
        env.activity.run { [weak self] send in
          guard (try? await clock.sleep(for: delay)) != nil else { return }
          emit(.launchIsComplete, from: self)
        })
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setMessage(let message): newState.message = message
    }
    return newState
  }
}

final class LaunchScreen: AppScreen, View {
  @BindsReactor var reactor: LaunchReactor?
  var disposeBag = DisposeBag()
  private var appearance: AnyDisposable?
  private var didAppear = false

  init(reactor: LaunchReactor) {
    super.init(title: "Launch")
    self.reactor = reactor
  }

  func bind(reactor: LaunchReactor) {
    reactor.observe(\.message) { [weak self] message in
      self?.show(["", "   ◆  \(message)", ""], keys: [])
    }
    .disposed(by: disposeBag)
    // UIKit's viewDidAppear, once.
    appearance = onVisibilityChange { [weak self, weak reactor] isVisible in
      guard isVisible, let self, !self.didAppear else { return }
      self.didAppear = true
      reactor?.send(.viewDidAppear)
    }
  }
}
