import ConcurrencyExtras
import ReactorFlow
import ReactorFlowTesting
import Testing

/// A cancellation id the reactor's task registry may hold the last reference to: once the walk
/// has gone past `.cancellable(id:)`, only the open scope keeps it, and closing the scope drops
/// it. Its `deinit` asks the reactor how much work is left, which takes the registry's lock: if
/// the registry dropped the id while holding that lock, the lock would be taken again (a trap in
/// debug builds, a thread spinning for ever in release builds).
private final class WorkToken: Hashable, Sendable {
  let onEnd: @Sendable () -> Void
  init(onEnd: @escaping @Sendable () -> Void) { self.onEnd = onEnd }
  deinit { onEnd() }
  static func == (lhs: WorkToken, rhs: WorkToken) -> Bool { lhs === rhs }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

private final class TokenLoader: Reactor {
  enum Action: Sendable { case load(WorkToken) }
  enum Mutation: Sendable { case loaded }
  struct State: Sendable { var loaded = 0 }

  let initialState = State()
  let store = ReactorStore<TokenLoader>()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load(let token):
      // The operation does not capture the token: only the effect's id does.
      return .run { send in await send(.loaded) }.cancellable(id: token)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    State(loaded: state.loaded + 1)
  }
}

@Suite("A closed scope's id is released outside the task registry's lock", .checksLeaks)
@MainActor
struct ClosedScopesReleaseTheirIdsOutsideTheRegistryLockTests {
  @Test("an id whose deinit reads the reactor's work in flight, dropped as its scope closes")
  func idReleasedAfterUnlocking() async {
    let loader = TokenLoader()
    let inFlightAtEnd = LockIsolated<[Int]>([])
    loader.send(
      .load(
        WorkToken { [store = loader.store] in
          inFlightAtEnd.withValue { $0.append(store.tasksInFlight) }
        }))
    await loader.store.waitUntilIdle()
    #expect(loader.currentState.loaded == 1)
    // The scope closed as the operation's task ended (not yet forgotten by the registry then).
    #expect(inFlightAtEnd.value.count == 1)
  }
}
