import ReactorFlow
import ReactorFlowTesting
import Testing

/// A screen's reactor as ReactorKit users write it: `transform(action:)` starts the initial load,
/// `transform(mutation:)` follows a global event stream. It counts what of its logic runs.
final class FeedReactor: Reactor {
  enum Action: Sendable, Equatable {
    case refresh
    case follow
  }
  enum Mutation: Sendable {
    case setItems([String])
    case setFollowing
    case event(String)
  }
  struct State: Sendable, Equatable {
    var items: [String] = []
    var isFollowing = false
    var events: [String] = []
  }

  let initialState = State()
  let store = ReactorStore<FeedReactor>()
  let events = PublishRelay<String>()
  /// `true` once the global event stream is subscribed.
  let isListening = BehaviorRelay(value: false)
  /// How many global events the stream handed to the reactor (reduced or not).
  let handledEvents = BehaviorRelay(value: 0)
  private(set) var mutated: [Action] = []
  private(set) var reduced = 0

  func transform(action: Effect<Action>) -> Effect<Action> {
    .merge(action, .just(.refresh))
  }

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    .merge(
      mutation,
      .run { [events, isListening, handledEvents] send in
        var iterator = events.makeAsyncIterator()
        isListening.accept(true)
        while let event = await iterator.next() {
          await send(.event(event))
          handledEvents.accept(handledEvents.value + 1)
        }
      })
  }

  func mutate(action: Action) -> Effect<Mutation> {
    mutated.append(action)
    switch action {
    case .refresh: return .just(.setItems(["real"]))
    case .follow: return .just(.setFollowing)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    reduced += 1
    var newState = state
    switch mutation {
    case .setItems(let items): newState.items = items
    case .setFollowing: newState.isFollowing = true
    case .event(let event): newState.events.append(event)
    }
    return newState
  }
}

@MainActor
@Suite("Reactor: with the stub on, nothing of the real pipeline runs", .checksLeaks)
struct StubbedReactorRunsNothingTests {
  @Test("stubbing a fresh reactor runs neither its transforms' streams nor mutate nor reduce")
  func stubbedBeforeStart() {
    let reactor = FeedReactor()
    reactor.isStubEnabled = true
    #expect(reactor.mutated.isEmpty, "the initial load of transform(action:) did not run")
    #expect(reactor.reduced == 0)
    #expect(reactor.currentState == FeedReactor.State())
    #expect(reactor.store.tasksInFlight == 0)
    reactor.send(.follow)
    #expect(reactor.stub.actions == [.follow])
    #expect(reactor.mutated.isEmpty)
    #expect(reactor.currentState == FeedReactor.State())
  }

  @Test("the real pipeline starts when the stub is turned off, from the state the stub set")
  func pipelineStartsWhenStubTurnsOff() async {
    let reactor = FeedReactor()
    reactor.isStubEnabled = true
    reactor.stub.state.isFollowing = true
    reactor.isStubEnabled = false
    #expect(reactor.mutated == [.refresh])
    #expect(reactor.currentState == FeedReactor.State(items: ["real"], isFollowing: true))
    for await isListening in reactor.isListening where isListening { break }
    reactor.events.accept("e")
    for await state in reactor.state where state.events == ["e"] { break }
  }

  @Test("a global event merged in transform(mutation:) is not reduced while the stub is on")
  func mergedMutationWhileStubbed() async {
    let reactor = FeedReactor()
    #expect(reactor.currentState.items == ["real"])
    for await isListening in reactor.isListening where isListening { break }
    reactor.isStubEnabled = true
    let stubbed = FeedReactor.State(items: ["stubbed"])
    reactor.stub.state = stubbed
    let reducedBefore = reactor.reduced
    reactor.events.accept("global")
    for await handled in reactor.handledEvents where handled == 1 { break }
    #expect(reactor.currentState == stubbed, "the state the test set on the stub stays")
    #expect(reactor.reduced == reducedBefore)
  }

  @Test("an operation started before the stub was turned on is not reduced while it is on")
  func inFlightOperationWhileStubbed() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    reactor.send(.run { gated("late", gate) })
    reactor.isStubEnabled = true
    reactor.stub.state.log = ["stubbed"]
    gate.open()
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["stubbed"])
  }
}
