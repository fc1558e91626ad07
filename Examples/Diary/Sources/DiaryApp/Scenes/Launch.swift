import ReactorFlow

/// The launch screen: shown first, it reads the settings kept in the diary's file (the accent
/// colour) and moves on by itself after a moment.
final class LaunchReactor: Reactor, Stepper {
  enum Action: Codable { case viewDidAppear }
  enum Mutation: Codable {
    case setMessage(String)
    /// The accent colour kept in the diary's file.
    case setKeptAccent(Accent)
  }
  struct State: Encodable {
    var message = "ReactorFlow Diary"
    /// The accent colour kept in the diary's file, once read (`nil`: none was kept).
    var keptAccent: Accent?
  }

  let initialState = State()
  let store = ReactorStore<LaunchReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  init(env: AppEnvironment) { self.env = env }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .viewDidAppear:
      let (clock, delay, database) = (env.clock, env.launchDelay, env.database)
      return .concat(
        .just(.setMessage("Loading your diary…")),
        env.activity.run { [weak self] send in
          guard (try? await clock.sleep(for: delay)) != nil else { return }
          // Read in the effect, so that a journal records the colour and a replay (in memory)
          // gets it from there. A file that cannot be read leaves the colour as it is: the
          // diary list says what is wrong with the file.
          if let accent = try? database.keptAccent() { await send(.setKeptAccent(accent)) }
          emit(.launchIsComplete, from: self)
        })
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setMessage(let message): newState.message = message
    case .setKeptAccent(let accent): newState.keptAccent = accent
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
