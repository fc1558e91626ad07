import ReactorFlow
import ReactorFlowTesting
import Testing

@testable import DrrribleExample

/// What changes when a service that answered with a synchronous observable (`.just`) becomes an
/// `async` method: its mutation is reduced a turn later, after `send` has returned. A service
/// that has its answer at hand stays synchronous and keeps ReactorKit's timing.
@MainActor @Suite(.checksLeaks)
struct ServiceTimingSynchronousOrAsync {
  /// The app's App Store service answers `.just(nil)` when the app has no bundle identifier, so
  /// the version screen's check ended before `action.onNext` returned. Ported as an async method,
  /// the same answer comes a turn later.
  @Test func anAsyncServiceAnswersAfterSendReturns() async {
    let networking = FakeNetworking()
    let reactor = VersionViewReactor(
      appStoreService: AppStoreService(networking: networking, bundleIdentifier: nil))

    reactor.send(.checkForUpdates)
    #expect(reactor.currentState.isLoading)
    #expect(reactor.currentState.latestVersion == nil)

    await expectEventually("the answer") { !reactor.currentState.isLoading }
    #expect(reactor.currentState.latestVersion == "⚠️")
  }

  /// The same answer from a synchronous method, called in `mutate`: reduced before `send`
  /// returns, as the original's `.just`.
  @Test func aSynchronousServiceAnswersBeforeSendReturns() {
    let reactor = CachedVersionReactor(service: CachedVersionService())

    reactor.send(.checkForUpdates)
    #expect(!reactor.currentState.isLoading)
    #expect(reactor.currentState.latestVersion == "⚠️")
  }
}

/// A service that has its answer at hand: synchronous.
private struct CachedVersionService: Sendable {
  func latestVersion() -> String? { nil }
}

/// The version reactor's `checkForUpdates` over the synchronous service.
private final class CachedVersionReactor: Reactor {
  enum Action { case checkForUpdates }
  enum Mutation {
    case setLoading(Bool)
    case setLatestVersion(String?)
  }
  struct State {
    var isLoading = false
    var latestVersion: String?
  }

  let initialState = State()
  let store = ReactorStore<CachedVersionReactor>()
  private let service: CachedVersionService

  init(service: CachedVersionService) { self.service = service }

  func mutate(action: Action) -> Effect<Mutation> {
    .concat(
      .just(.setLoading(true)),
      .just(.setLatestVersion(service.latestVersion() ?? "⚠️")),
      .just(.setLoading(false)))
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setLatestVersion(let version): state.latestVersion = version
    }
    return state
  }
}
