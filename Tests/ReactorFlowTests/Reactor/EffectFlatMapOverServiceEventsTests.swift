import ReactorFlow
import ReactorFlowTesting
import Testing

/// A service the screens of an app share: it tells them when a post was liked elsewhere
/// (ReactorKit apps' `ServiceProvider` with a `PublishSubject` of events).
final class LikeService: Sendable {
  let event = PublishRelay<LikeEvent>()
}

enum LikeEvent: Sendable {
  /// A post was liked; saving the like waits for `saved` (a server round trip).
  case liked(String, saved: Gate)
  /// A post was liked where nothing needs saving.
  case likedLocally(String)
}

/// A like button: what it shows follows the service's events, each turned into mutations
/// (ReactorKit's `Observable.merge(mutation, service.event.flatMap { … })`).
final class LikeButtonReactor: Reactor {
  enum Action: Sendable { case stopSaving }
  typealias Mutation = String
  struct State: Sendable { var log: [String] = [] }
  enum Mode { case merge, latest }

  let initialState = State()
  let store = ReactorStore<LikeButtonReactor>()
  let service: LikeService
  let mode: Mode

  init(service: LikeService, mode: Mode) {
    self.service = service
    self.mode = mode
  }

  func mutate(action: Action) -> Effect<String> {
    switch action {
    case .stopSaving: .cancel(id: "saving")
    }
  }

  func transform(mutation: Effect<String>) -> Effect<String> {
    let events = Effect.from(service.event)
    let likes =
      switch mode {
      case .merge: events.flatMap(Self.effect(for:))
      case .latest: events.flatMapLatest(Self.effect(for:))
      }
    return .merge(mutation, likes.cancellable(id: "saving"))
  }

  static func effect(for event: LikeEvent) -> Effect<String> {
    switch event {
    case .likedLocally(let post):
      .from(["like \(post)", "shown \(post)"])
    case .liked(let post, let saved):
      .concat(
        .just("like \(post)"),
        .run { send in
          try await saved.wait()
          await send("saved \(post)")
        })
    }
  }

  func reduce(state: State, mutation: String) -> State {
    var newState = state
    newState.log.append(mutation)
    return newState
  }
}

/// A counter whose action expands into numbers, each one into its own effect.
final class ExpandingReactor: Reactor {
  enum Action: Sendable {
    case expand([Int])
    case expandThenDone([Int], Gate)
  }
  typealias Mutation = Int
  struct State: Sendable { var values: [Int] = [] }

  let initialState = State()
  let store = ReactorStore<ExpandingReactor>()

  func mutate(action: Action) -> Effect<Int> {
    switch action {
    case .expand(let numbers):
      Effect.from(numbers).flatMap { .from([$0, $0 * 10]) }
    case .expandThenDone(let numbers, let gate):
      // What follows a flat map in a concat comes after every inner effect.
      .concat(
        Effect.from(numbers).flatMap { number in
          .run { send in
            try await gate.wait()
            await send(number)
          }
        },
        .just(0))
    }
  }

  func reduce(state: State, mutation: Int) -> State {
    var newState = state
    newState.values.append(mutation)
    return newState
  }
}

@MainActor
@Suite("Effect.flatMap and flatMapLatest over a service's events", .checksLeaks)
struct EffectFlatMapOverServiceEventsTests {
  @Test("a synchronous inner effect is reduced before the event's accept returns")
  func synchronousInnerEffect() {
    let service = LikeService()
    let reactor = LikeButtonReactor(service: service, mode: .merge)
    _ = reactor.currentState
    service.event.accept(.likedLocally("a"))
    service.event.accept(.likedLocally("b"))
    #expect(reactor.currentState.log == ["like a", "shown a", "like b", "shown b"])
    #expect(reactor.store.tasksInFlight == 0)
  }

  @Test("flatMap runs every event's asynchronous inner effect; their elements arrive as they come")
  func asynchronousInnerEffectsMerge() async {
    let service = LikeService()
    let reactor = LikeButtonReactor(service: service, mode: .merge)
    _ = reactor.currentState
    let savedA = Gate()
    let savedB = Gate()
    service.event.accept(.liked("a", saved: savedA))
    service.event.accept(.liked("b", saved: savedB))
    #expect(reactor.currentState.log == ["like a", "like b"])
    // The inner runs are work in flight, though the stream they come from lives with the reactor.
    #expect(reactor.store.tasksInFlight == 2)
    savedB.open()
    await expectEventually { reactor.currentState.log.count == 3 }
    #expect(reactor.currentState.log == ["like a", "like b", "saved b"])
    savedA.open()
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.log == ["like a", "like b", "saved b", "saved a"])
  }

  @Test("flatMapLatest cancels the slow previous inner effect; what it would send is dropped")
  func latestCancelsPrevious() async {
    let service = LikeService()
    let reactor = LikeButtonReactor(service: service, mode: .latest)
    _ = reactor.currentState
    let cancelled = BehaviorRelay(value: false)
    let savedA = Gate(onCancel: { cancelled.accept(true) })
    let savedB = Gate()
    service.event.accept(.liked("a", saved: savedA))
    service.event.accept(.liked("b", saved: savedB))
    #expect(reactor.currentState.log == ["like a", "like b"])
    await expectEventually("the inner run was cancelled") { cancelled.value }
    savedA.open()
    savedB.open()
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.log == ["like a", "like b", "saved b"])
  }

  @Test("cancelling the flat map's effect by id cancels its inner effects")
  func cancelByIDCoversInnerEffects() async {
    let service = LikeService()
    let reactor = LikeButtonReactor(service: service, mode: .merge)
    _ = reactor.currentState
    let cancelled = BehaviorRelay(value: false)
    let saved = Gate(onCancel: { cancelled.accept(true) })
    service.event.accept(.liked("a", saved: saved))
    reactor.send(.stopSaving)
    await expectEventually("the inner run was cancelled") { cancelled.value }
    saved.open()
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.log == ["like a"])
    #expect(reactor.store.tasksInFlight == 0)
  }

  @Test("waitUntilIdle waits for the inner effects; a concat goes on after all of them")
  func waitUntilIdleWaitsForInnerWork() async {
    let reactor = ExpandingReactor()
    let gate = Gate()
    reactor.send(.expandThenDone([1, 2], gate))
    #expect(reactor.currentState.values.isEmpty)
    // The two inner runs, and the flat map's end waiting for them.
    #expect(reactor.store.tasksInFlight == 3)
    gate.open()
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    // The two inner runs wait on one gate: which of them the main actor resumes first is not
    // ordered (as for a merge), but the concat's next part comes after both.
    let values = reactor.currentState.values
    #expect(values.count == 3)
    #expect(values.prefix(2).sorted() == [1, 2])
    #expect(values.last == 0)
  }

  @Test("synchronous inner effects of a synchronous source are reduced in order before send returns")
  func synchronousSourceAndInnerEffects() {
    let reactor = ExpandingReactor()
    reactor.send(.expand([1, 2]))
    #expect(reactor.currentState.values == [1, 10, 2, 20])
    #expect(reactor.store.tasksInFlight == 0)
  }

  @Test("releasing the reactor ends the event stream and every inner effect")
  func releaseEndsEverything() async {
    let service = LikeService()
    let cancelled = BehaviorRelay(value: false)
    let saved = Gate(onCancel: { cancelled.accept(true) })
    weak var released: LikeButtonReactor?
    do {
      let reactor = LikeButtonReactor(service: service, mode: .merge)
      released = reactor
      _ = reactor.currentState
      service.event.accept(.liked("a", saved: saved))
      #expect(reactor.currentState.log == ["like a"])
    }
    await expectEventually("the inner run was cancelled") { cancelled.value }
    await expectEventually("the like button was released") { released == nil }
    // The service no longer feeds a released screen: accepting is harmless.
    service.event.accept(.likedLocally("b"))
  }
}
