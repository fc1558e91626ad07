import ReactorFlow

/// The movie list, a tab of its own flow: picking a movie emits `movieIsPicked(_:)`.
final class WishlistReactor: Reactor, Stepper {
  enum Action: Codable {
    case viewWillAppear
    case movieDidTap(index: Int)
  }
  enum Mutation: Codable {
    case setMovies([Movie])
    case setAccent(Accent)
    case setAlert(String)
  }
  struct State: Encodable {
    var movies: [Movie] = []
    var accent: Accent
    @Pulse var alert: String?
  }

  let initialState: State
  let store = ReactorStore<WishlistReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  init(env: AppEnvironment) {
    self.env = env
    initialState = State(accent: env.theme.accent)
  }

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    .merge(mutation, env.theme.follow(self, reading: \.accent, as: Mutation.setAccent))
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .viewWillAppear:
      // The catalog is asked in an effect: a replay delivers what it answered.
      let movies = env.movies
      return env.activity.run { send in await send(.setMovies(movies.allMovies())) }
    case .movieDidTap(let index):
      guard let movie = currentState.movies[safe: index] else {
        return .just(.setAlert("Pick a movie from 1 to \(currentState.movies.count)."))
      }
      steps.accept(AppStep.movieIsPicked(movie))
      return .none
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setMovies(let movies): newState.movies = movies
    case .setAccent(let accent): newState.accent = accent
    case .setAlert(let message): newState.alert = message
    }
    return newState
  }
}

// A journal's action is untrusted: a negative movie index is refused as it decodes.
extension WishlistReactor.Action {
  init(from decoder: any Decoder) throws {
    let (container, key) = try decoder.enumCase(CodingKeys.self, of: Self.self)
    switch key {
    case .viewWillAppear: self = .viewWillAppear
    case .movieDidTap:
      let values = try container.nestedContainer(keyedBy: MovieDidTapCodingKeys.self, forKey: key)
      self = .movieDidTap(
        index: try values.decode(Int.self, forKey: .index, in: 0...Int.max, "the movie's index"))
    }
  }
}

final class WishlistScreen: AppScreen, View, AccentedScreen {
  @BindsReactor var reactor: WishlistReactor?
  var disposeBag = DisposeBag()
  private(set) var accent: Accent = .green
  private var appearance: AnyDisposable?

  init(reactor: WishlistReactor) {
    super.init(title: "Wishlist")
    self.reactor = reactor
  }

  func bind(reactor: WishlistReactor) {
    reactor.observeState { [weak self, weak reactor] state in
      guard let self, let reactor else { return }
      self.accent = state.accent
      var lines = ["Accent: \(state.accent.rawValue)", ""]
      var keys: [Key] = []
      for (index, movie) in state.movies.enumerated() {
        lines.append("\(index + 1). [\(movie.isWatched ? "x" : " ")] \(movie.title) (\(movie.year))")
        keys.append(Key("\(index + 1)", "Open") { _ in reactor.send(.movieDidTap(index: index)) })
      }
      self.show(lines, keys: keys)
    }
    .disposed(by: disposeBag)
    showAlerts(of: reactor, \.$alert).disposed(by: disposeBag)
    appearance = onAppear { [weak reactor] in reactor?.send(.viewWillAppear) }
  }
}

/// One movie: mark it watched or not.
final class MovieReactor: Reactor, Stepper {
  enum Action: Codable { case watchedButtonDidTap }
  enum Mutation: Codable { case setMovie(Movie) }
  struct State: Encodable { var movie: Movie }

  let initialState: State
  let store = ReactorStore<MovieReactor>()
  let steps = PublishRelay<Step>()
  private let env: AppEnvironment

  init(movie: Movie, env: AppEnvironment) {
    self.env = env
    initialState = State(movie: movie)
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .watchedButtonDidTap:
      let (movies, id) = (env.movies, currentState.movie.id)
      return env.activity.run { send in
        guard let movie = movies.toggleWatched(id: id) else { return }
        await send(.setMovie(movie))
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setMovie(let movie): newState.movie = movie
    }
    return newState
  }
}

final class MovieScreen: AppScreen, View {
  @BindsReactor var reactor: MovieReactor?
  var disposeBag = DisposeBag()

  init(reactor: MovieReactor) {
    super.init(title: reactor.initialState.movie.title)
    self.reactor = reactor
  }

  func bind(reactor: MovieReactor) {
    reactor.observe(\.movie) { [weak self, weak reactor] movie in
      guard let self, let reactor else { return }
      self.show(
        ["\(movie.title) (\(movie.year))", movie.isWatched ? "Watched" : "Not watched yet"],
        keys: [
          Key("w", movie.isWatched ? "Mark as not watched" : "Mark as watched") { _ in
            reactor.send(.watchedButtonDidTap)
          }
        ])
    }
    .disposed(by: disposeBag)
  }
}
