import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// How many sleeps started on a ``SleepCountingClock``.
final class SleepCount: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0

  var count: Int { lock.withLock { value } }

  func increment() { lock.withLock { value += 1 } }
}

/// The library's test clock, counting every sleep started on it (its own count is of the sleeps
/// going on): a replay must start none.
struct SleepCountingClock: Clock {
  let base = CountingTestClock()
  let sleeps = SleepCount()

  var now: CountingTestClock.Instant { base.now }
  var minimumResolution: Duration { base.minimumResolution }

  func sleep(until deadline: CountingTestClock.Instant, tolerance: Duration?) async throws {
    sleeps.increment()
    try await base.sleep(until: deadline, tolerance: tolerance)
  }
}

/// The search reactor of the semantics article: its `transform(action:)` debounces the queries
/// and lets the other actions through.
final class DebouncedSearchReactor: Reactor {
  enum Action: Equatable, Codable, Sendable {
    case updateQuery(String)
    case clear

    var isQuery: Bool {
      if case .updateQuery = self { return true }
      return false
    }
  }
  enum Mutation: Equatable, Codable, Sendable {
    case setQuery(String)
    case setResults([String])
  }
  struct State: Equatable, Codable {
    var query = ""
    var results: [String] = []
    /// Every query searched, in order.
    var searches: [String] = []
  }

  let initialState = State()
  let store = ReactorStore<DebouncedSearchReactor>()
  let clock: any Clock<Duration>
  let catalog = ["react", "reactor", "flow", "rx"]

  init(clock: any Clock<Duration>) { self.clock = clock }

  func transform(action: Effect<Action>) -> Effect<Action> {
    let queries = action.filter(\.isQuery).debounce(for: .milliseconds(300), clock: clock)
    let others = action.filter { !$0.isQuery }
    return .merge(queries, others)
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let query):
      return .concat(.just(.setQuery(query)), .just(.setResults(catalog.filter { $0.hasPrefix(query) })))
    case .clear:
      return .concat(.just(.setQuery("")), .just(.setResults([])))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setQuery(let query):
      newState.query = query
      if !query.isEmpty { newState.searches.append(query) }
    case .setResults(let results): newState.results = results
    }
    return newState
  }
}

/// A search whose `transform(action:)` debounces the queries and whose `mutate` counts each
/// query it searches by sending itself `.count`.
final class CountingSearchReactor: Reactor {
  enum Action: Equatable, Codable, Sendable {
    case query(String)
    case count

    var isQuery: Bool { self != .count }
  }
  enum Mutation: Equatable, Codable, Sendable {
    case setQuery(String)
    case counted
  }
  struct State: Equatable, Codable {
    var query = ""
    var count = 0
  }

  let initialState = State()
  let store = ReactorStore<CountingSearchReactor>()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func transform(action: Effect<Action>) -> Effect<Action> {
    .merge(
      action.filter(\.isQuery).debounce(for: .milliseconds(300), clock: clock), action.filter { !$0.isQuery })
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .query(let query):
      send(.count)
      return .just(.setQuery(query))
    case .count:
      return .just(.counted)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setQuery(let query): state.query = query
    case .counted: state.count += 1
    }
    return state
  }
}

/// A presence badge whose `transform(mutation:)` merges in the online counts a service pushes.
final class PresenceReactor: Reactor {
  enum Action: Equatable, Codable, Sendable { case rename(String) }
  enum Mutation: Equatable, Codable, Sendable {
    case setName(String)
    case setOnline(Int)
  }
  struct State: Equatable, Codable {
    var name = ""
    var online = 0
  }

  let initialState = State()
  let store = ReactorStore<PresenceReactor>()
  let onlineCounts: Effect<Int>

  init(onlineCounts: Effect<Int>) { self.onlineCounts = onlineCounts }

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    .merge(mutation, onlineCounts.map { .setOnline($0) })
  }

  func mutate(action: Action) -> Effect<Mutation> {
    guard case .rename(let name) = action else { return .none }
    return .just(.setName(name))
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setName(let name): state.name = name
    case .setOnline(let online): state.online = online
    }
    return state
  }
}

/// A screen bound to a reactor of type `R`, which a replay finds by where it is recorded.
final class ReactorScreen<R: Reactor>: Screen, View {
  var disposeBag = DisposeBag()
  var reactor: R?

  init(reactor: R) {
    self.reactor = reactor
    super.init(title: "\(R.self)")
  }

  func bind(reactor: R) {}
}

extension Exploration {
  /// An app of one screen bound to the reactor `make` makes, recorded as `source`; its state is
  /// the reactor's.
  static func screen<R: Reactor>(_ source: JournalSource, _ make: @escaping @MainActor () -> R) -> Exploration
  {
    var exploration = Exploration { run in
      let reactor = make()
      if let recorder = run.recorder { reactor.record(into: recorder, as: source) }
      run.window.rootViewController = ReactorScreen(reactor: reactor)
    }
    exploration.state = { window in
      ((window.rootViewController as? ReactorScreen<R>)?.reactor?.currentState).map { "\($0)" } ?? ""
    }
    exploration.progress = .never
    return exploration
  }
}

/// Replays `journal` on the reactor `make` builds, at `source`, with every default check but
/// diagnostics: the replay is faithful, ends in `state` (as the exploration describes it) and
/// starts no sleep on `clock`. `context` prefixes each failure's message.
@MainActor
func expectFaithfulReplay<R: Reactor>(
  of journal: Journal, at source: JournalSource, on clock: SleepCountingClock, reaching state: R.State,
  context: String = "", sourceLocation: SourceLocation = #_sourceLocation,
  _ make: @escaping @MainActor () -> R
) async {
  let replay = await Exploration.screen(source, make)
    .replay(journal, checking: JournalReplay.defaultChecks.subtracting([.diagnostic]))
  #expect(
    replay.isFaithful, "\(context)\(replay.divergence?.description ?? "")", sourceLocation: sourceLocation)
  #expect(replay.finalState == "\(state)", "\(context)", sourceLocation: sourceLocation)
  #expect(clock.sleeps.count == 0, "\(context)", sourceLocation: sourceLocation)
}

/// The effect outputs of `journal`, as a trace shows them.
func effectOutputs(_ journal: Journal) -> [String] {
  journal.entries.filter { $0.event.kind == .effectOutput }.map { JournalTracer.text(of: $0.event) }
}

@Suite("What a transform hook's streams deliver is recorded, and substituted in a replay", .checksLeaks)
@MainActor
struct TransformStreamsAreRecordedAndSubstitutedTests {
  let checks = JournalReplay.defaultChecks.subtracting([.diagnostic])

  @Test(
    "a query transform(action:) debounces is recorded as its effect's outputs; the replay starts no timer and reaches the same state"
  )
  func debouncedAction() async throws {
    let source = JournalSource.app.appending("SearchScreen").appending("DebouncedSearchReactor")
    let recorder = JournalRecorder()
    let clock = SleepCountingClock()
    let reactor = DebouncedSearchReactor(clock: clock)
    reactor.record(into: recorder, as: source)
    reactor.send(.updateQuery("r"))
    reactor.send(.updateQuery("re"))
    reactor.send(.updateQuery("rea"))
    await clock.base.advance(by: .milliseconds(300), afterSleepers: 1)
    await reactor.store.waitUntilIdle()
    reactor.send(.clear)
    #expect(reactor.currentState == .init(query: "", results: [], searches: ["rea"]))
    let journal = recorder.journal
    // What the streams let go — the debounced query, then `.clear` at once — as `mutate` made
    // it into mutations: the transform's stream is the reactor's first effect (its hooks start
    // with it).
    #expect(
      effectOutputs(journal) == [
        #"effect 0: setQuery("rea")"#, #"effect 0: setResults(["react", "reactor"])"#,
        #"effect 0: setQuery("")"#, "effect 0: setResults([])",
      ])

    let replayClock = SleepCountingClock()
    let exploration = Exploration.screen(source) { DebouncedSearchReactor(clock: replayClock) }
    let replay = await exploration.replay(journal, checking: checks)
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == "\(reactor.currentState)")
    #expect(replayClock.sleeps.count == 0)

    // Recorded by an earlier version, which did not record what the streams let go at once
    // (`.clear`'s mutations): the replay's streams let it go, its mutations are checked as
    // usual, and the outputs the app made itself are not extra work.
    let earlier = Journal(
      entries: journal.entries.filter {
        guard case .effectOutput = $0.event else { return true }
        return !effectOutputs(Journal(entries: [$0]))[0].hasSuffix(#"setQuery("")"#)
          && !effectOutputs(Journal(entries: [$0]))[0].hasSuffix("setResults([])")
      })
    #expect(effectOutputs(earlier).count == 2)
    let replayOfEarlier = await exploration.replay(earlier, checking: checks)
    #expect(replayOfEarlier.isFaithful, "\(replayOfEarlier.divergence?.description ?? "")")
    #expect(replayOfEarlier.finalState == "\(reactor.currentState)")

    // Read back from a file (each output decoded as a mutation), it replays too.
    let data = try journal.jsonLines(header: JournalHeader(app: "Search", build: "1"))
    let read = try JournalReader(expectedApp: "Search").read(data).journal
    let fromFile = await exploration.replay(read, checking: checks)
    #expect(fromFile.isFaithful, "\(fromFile.divergence?.description ?? "")")
    #expect(fromFile.finalState == "\(reactor.currentState)")
    #expect(replayClock.sleeps.count == 0)
  }

  @Test(
    "what mutate makes of an action the debounce let go, and of the actions it sends meanwhile, is that effect's output"
  )
  func sentWhileHandlingADebouncedAction() async {
    let source = JournalSource.app.appending("SearchScreen").appending("CountingSearchReactor")
    let recorder = JournalRecorder()
    let clock = SleepCountingClock()
    let reactor = CountingSearchReactor(clock: clock)
    reactor.record(into: recorder, as: source)
    reactor.send(.query("a"))
    reactor.send(.query("ab"))
    await clock.base.advance(by: .milliseconds(300), afterSleepers: 1)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState == .init(query: "ab", count: 1))
    let journal = recorder.journal
    #expect(
      journal.entries.filter { $0.event.kind != .diagnostic }.map { JournalTracer.text(of: $0.event) } == [
        #"query("a")"#, #"query("ab")"#, #"effect 0: setQuery("ab")"#, #"setQuery("ab")"#,
        "effect 0: counted",
        "counted",
      ])

    let replayClock = SleepCountingClock()
    let replay = await Exploration.screen(source) { CountingSearchReactor(clock: replayClock) }
      .replay(journal, checking: checks)
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == "\(reactor.currentState)")
    #expect(replayClock.sleeps.count == 0)
  }

  @Test(
    "a value a stream merged into transform(mutation:) delivers is recorded as its effect's output; the replay does not iterate the stream"
  )
  func mergedMutationStream() async throws {
    let source = JournalSource.app.appending("PresenceScreen").appending("PresenceReactor")
    let recorder = JournalRecorder()
    let pushes = PublishRelay<Int>()
    let reactor = PresenceReactor(onlineCounts: Effect.from(pushes))
    reactor.record(into: recorder, as: source)
    reactor.send(.rename("ada"))
    // A relay accepted on the main actor is reduced before `accept` returns.
    pushes.accept(3)
    #expect(reactor.currentState == .init(name: "ada", online: 3))
    let journal = recorder.journal
    #expect(effectOutputs(journal) == ["effect 0: setOnline(3)"])

    // The replayed app's service has a count waiting: iterated, it would be reduced.
    let exploration = Exploration.screen(source) {
      let (counts, continuation) = AsyncStream.makeStream(of: Int.self)
      continuation.yield(99)
      continuation.finish()
      return PresenceReactor(onlineCounts: Effect.from(counts))
    }
    let replay = await exploration.replay(journal, checking: checks)
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.finalState == "\(reactor.currentState)")

    let data = try journal.jsonLines(header: JournalHeader(app: "Presence", build: "1"))
    let read = try JournalReader(expectedApp: "Presence").read(data).journal
    let fromFile = await exploration.replay(read, checking: checks)
    #expect(fromFile.isFaithful, "\(fromFile.divergence?.description ?? "")")
    #expect(fromFile.finalState == "\(reactor.currentState)")
  }
}
