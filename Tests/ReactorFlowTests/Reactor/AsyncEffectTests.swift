import ReactorFlow
import ReactorFlowTesting
import Testing

struct LoadError: Error, Equatable {}

/// An async gate a test opens by hand: an operation waits on it, a cancelled wait throws.
final class Gate: Sendable {
  private let relay = BehaviorRelay(value: false)
  private let onCancel: @Sendable () -> Void
  init(onCancel: @escaping @Sendable () -> Void = {}) { self.onCancel = onCancel }
  func open() { relay.accept(true) }
  func wait() async throws {
    for await isOpen in relay where isOpen { return }
    onCancel()
    throw CancellationError()
  }
}

final class LoaderReactor: Reactor {
  enum Action: Sendable {
    case load(Int, Gate)
    case loadLatest(Int, Gate)
    case cancelLoads
    case failAfterTwo
    case count
    case concatMixed(Gate)
    case merged(Gate, Gate)
    case sequence([Int])
    case countThenLoadLatest(Int, Gate)
  }
  enum Mutation: Sendable {
    case loaded(Int)
    case counted
  }
  struct State: Sendable {
    var loaded: [Int] = []
    var count = 0
  }

  let initialState = State()
  let store = ReactorStore<LoaderReactor>()
  var recovered: [String] = []

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load(let value, let gate):
      return .run { send in
        try await gate.wait()
        await send(.loaded(value))
      }
      .cancellable(id: "load")
    case .loadLatest(let value, let gate):
      return .run { send in
        try await gate.wait()
        await send(.loaded(value))
      }
      .cancellable(id: "load", cancelInFlight: true)
    case .cancelLoads:
      return .cancel(id: "load")
    case .countThenLoadLatest(let value, let gate):
      // ReactorKit's `concat(.just(setLoading), request)`: the request keeps its id in a concat.
      return .concat(
        .just(.counted),
        .run { send in
          try await gate.wait()
          await send(.loaded(value))
        }
        .cancellable(id: "load", cancelInFlight: true))
    case .failAfterTwo:
      return .run { send in
        await send(.loaded(1))
        await send(.loaded(2))
        throw LoadError()
      }
    case .count:
      return .just(.counted)
    case .concatMixed(let gate):
      return .concat(
        .just(.loaded(1)),
        .run { send in
          try await gate.wait()
          await send(.loaded(2))
        },
        .just(.loaded(3)))
    case .merged(let first, let second):
      return .merge(
        .run { send in
          try await first.wait()
          await send(.loaded(1))
        },
        .just(.loaded(0)),
        .run { send in
          try await second.wait()
          await send(.loaded(2))
        })
    case .sequence(let values):
      return .from(values.map { Mutation.loaded($0) }.async)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .loaded(let value): newState.loaded.append(value)
    case .counted: newState.count += 1
    }
    return newState
  }

  func recover(from error: any Error) -> Effect<Mutation> {
    recovered.append("\(error)")
    return .none
  }
}

/// An `AsyncSequence` over an array, for `.from(_:)`.
struct ArraySequence<Element: Sendable>: AsyncSequence, Sendable {
  let values: [Element]
  struct AsyncIterator: AsyncIteratorProtocol {
    var index = 0
    let values: [Element]
    mutating func next() async -> Element? {
      guard index < values.count else { return nil }
      defer { index += 1 }
      return values[index]
    }
  }
  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(values: values) }
}

extension Array where Element: Sendable {
  var async: ArraySequence<Element> { ArraySequence(values: self) }
}

@MainActor
@Suite("Reactor: asynchronous mutation streams, cancellation and errors", .checksLeaks)
struct AsyncEffectTests {
  @Test("run: mutations sent from async work are reduced on the main actor")
  func runDelivers() async {
    let reactor = LoaderReactor()
    let gate = Gate()
    reactor.send(.load(7, gate))
    #expect(reactor.currentState.loaded == [])
    #expect(reactor.store.tasksInFlight == 1)
    gate.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.loaded == [7])
  }

  @Test("concat of sync and async parts keeps order: 1 now, 2 after the work, then 3")
  func concatMixed() async {
    let reactor = LoaderReactor()
    let gate = Gate()
    reactor.send(.concatMixed(gate))
    #expect(reactor.currentState.loaded == [1])
    gate.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.loaded == [1, 2, 3])
  }

  @Test("merge starts every part: the synchronous one now, the others as they finish")
  func mergeParts() async {
    let reactor = LoaderReactor()
    let first = Gate()
    let second = Gate()
    reactor.send(.merged(first, second))
    #expect(reactor.currentState.loaded == [0])
    second.open()
    for await state in reactor.state where state.loaded.count == 2 { break }
    #expect(reactor.currentState.loaded == [0, 2])
    first.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.loaded == [0, 2, 1])
  }

  @Test("any AsyncSequence is a mutation stream")
  func fromSequence() async {
    let reactor = LoaderReactor()
    reactor.send(.sequence([4, 5, 6]))
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.loaded == [4, 5, 6])
  }

  @Test("cancel(id:) stops in-flight work; its late mutations are never reduced")
  func cancelByID() async {
    let reactor = LoaderReactor()
    let gate = Gate()
    reactor.send(.load(1, gate))
    reactor.send(.cancelLoads)
    #expect(reactor.store.tasksInFlight == 0)
    gate.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.loaded == [])
  }

  @Test("an identified request after a synchronous part of a concat keeps its id")
  func cancellableInsideConcat() async {
    let reactor = LoaderReactor()
    let first = Gate()
    let second = Gate()
    reactor.send(.countThenLoadLatest(1, first))
    reactor.send(.countThenLoadLatest(2, second))
    // The second request cancelled the first (cancelInFlight).
    #expect(reactor.store.tasksInFlight == 1)
    #expect(reactor.currentState.count == 2)
    reactor.send(.cancelLoads)
    #expect(reactor.store.tasksInFlight == 0)
    first.open()
    second.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.loaded == [])
  }

  @Test("cancelInFlight: the last request wins")
  func cancelInFlight() async {
    let reactor = LoaderReactor()
    let first = Gate()
    let second = Gate()
    reactor.send(.loadLatest(1, first))
    reactor.send(.loadLatest(2, second))
    #expect(reactor.store.tasksInFlight == 1)
    first.open()
    second.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.loaded == [2])
  }

  @Test("a stream that throws after two mutations: both kept, error published, reactor goes on")
  func errorsNeverKill() async {
    let reactor = LoaderReactor()
    let errors = reactor.errors.makeAsyncIterator()
    var iterator = errors
    reactor.send(.failAfterTwo)
    let error = await iterator.next()
    #expect(error as? LoadError == LoadError())
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.loaded == [1, 2])
    #expect(reactor.recovered == ["LoadError()"])
    reactor.send(.count)
    #expect(reactor.currentState.count == 1)
  }

  @Test("an unobserved error is reported as a diagnostic, not swallowed")
  func unobservedErrorIsReported() async {
    final class SilentReactor: Reactor {
      enum Action { case fail }
      struct State {}
      let initialState = State()
      let store = ReactorStore<SilentReactor>()
      func mutate(action: Action) -> Effect<Action> {
        .run { _ in throw LoadError() }
      }
      func reduce(state: State, mutation: Action) -> State { state }
    }
    let diagnostics = await withDiagnostics {
      let reactor = SilentReactor()
      reactor.send(.fail)
      await reactor.store.waitUntilIdle()
    }
    #expect(diagnostics == [.reactor(.unobservedError(reactor: "SilentReactor", error: "LoadError()"))])
    // The case's text says how to fix it.
    #expect(
      diagnostics.first?.message.contains("SilentReactor: a mutation stream failed with LoadError()") == true)
    #expect(
      diagnostics.first?.message.contains("observe `reactor.errors` or implement `recover(from:)`") == true)
  }

  @Test("a released reactor deallocates and cancels its tasks")
  func releaseCancels() async {
    let leaks = LeakTracker()
    let cancelled = BehaviorRelay(value: false)
    do {
      let reactor = leaks.track(LoaderReactor())
      reactor.send(.load(1, Gate(onCancel: { cancelled.accept(true) })))
      #expect(reactor.store.tasksInFlight == 1)
    }
    #expect(leaks.alive.isEmpty)
    // The operation observes its cancellation.
    for await isCancelled in cancelled where isCancelled { break }
  }
}
