import ReactorFlow
import ReactorFlowTesting
import Testing

// Seed 000 ("RxFlow로 Coordinator 고급스럽게 사용하기"): a Reactor that is also a Stepper.

enum AppStep: Step, Equatable {
  case splashIsRequired
  case splashIsComplete
  case dashboardIsRequired
  case authIsRequired
  case authIsComplete
  case findPasswordIsRequired
  case localAuthIsRequired(String)
  case localAuthIsComplete
  case wayBackToRootIsRequired
  case giftManagementIsRequired
}

struct SignInError: Error, Equatable {}

/// An auth service that behaves like a network call: async and cancellable.
final class AuthService: Sendable {
  let validPassword: String
  init(validPassword: String) { self.validPassword = validPassword }
  func requestSignIn(email: String, password: String) async throws -> String {
    try Task.checkCancellation()
    guard password == validPassword else { throw SignInError() }
    return "token-for-\(email)"
  }
}

public final class AuthSignInViewReactor: Reactor, Stepper {
  public enum Action: Sendable {
    case emailDidUpdate(String)
    case passwordDidUpdate(String)
    case signInButtonDidTap
    case findPasswordButtonDidTap
  }
  public enum Mutation: Sendable {
    case updateEmail(String)
    case updatePassword(String)
    case updateLoading(Bool)
  }
  public struct State: Sendable {
    var email = ""
    var password = ""
    var isLoading = false
  }

  public let steps = PublishRelay<Step>()
  public let initialState = State()
  public let store = ReactorStore<AuthSignInViewReactor>()
  let service: AuthService

  init(service: AuthService) { self.service = service }

  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .emailDidUpdate(let email):
      return .just(.updateEmail(email))
    case .passwordDidUpdate(let password):
      return .just(.updatePassword(password))
    case .signInButtonDidTap:
      let email = self.currentState.email
      let password = self.currentState.password
      let steps = self.steps
      let service = self.service
      return .concat([
        .just(.updateLoading(true)),
        .run { send in
          _ = try await service.requestSignIn(email: email, password: password)
          steps.accept(AppStep.authIsComplete)
        },
        .just(.updateLoading(false)),
      ])
    case .findPasswordButtonDidTap:
      self.steps.accept(AppStep.findPasswordIsRequired)
      return .empty()
    }
  }

  /// A failed request ends the loading state; the error itself is published on `errors`.
  public func recover(from error: any Error) -> Effect<Mutation> {
    .just(.updateLoading(false))
  }

  public func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .updateEmail(let email): newState.email = email
    case .updatePassword(let password): newState.password = password
    case .updateLoading(let isLoading): newState.isLoading = isLoading
    }
    return newState
  }
}

@MainActor
@Suite("Seed 000: a Reactor that is also a Stepper", .checksLeaks)
struct Seed000Tests {
  @Test("a successful sign-in emits .authIsComplete on the stepper's steps")
  func signInEmitsStep() async {
    let reactor = AuthSignInViewReactor(service: AuthService(validPassword: "secret"))
    var steps = reactor.steps.makeAsyncIterator()
    reactor.send(.emailDidUpdate("a@b.c"))
    reactor.send(.passwordDidUpdate("secret"))
    reactor.send(.signInButtonDidTap)
    #expect(reactor.currentState.isLoading)
    #expect(await steps.next() as? AppStep == .authIsComplete)
    await reactor.store.waitUntilIdle()
    #expect(!reactor.currentState.isLoading)
  }

  @Test("a failed sign-in emits no step, reports the error and keeps the reactor usable")
  func signInFails() async {
    let reactor = AuthSignInViewReactor(service: AuthService(validPassword: "secret"))
    var errors = reactor.errors.makeAsyncIterator()
    reactor.send(.passwordDidUpdate("wrong"))
    reactor.send(.signInButtonDidTap)
    #expect(await errors.next() as? SignInError == SignInError())
    await reactor.store.waitUntilIdle()
    #expect(!reactor.currentState.isLoading)
    reactor.send(.emailDidUpdate("still works"))
    #expect(reactor.currentState.email == "still works")
  }

  @Test("find password emits its step synchronously")
  func findPassword() {
    let reactor = AuthSignInViewReactor(service: AuthService(validPassword: "secret"))
    var emitted: [AppStep] = []
    let subscription = reactor.steps.subscribe { step in
      MainActor.assumeIsolated { if let step = step as? AppStep { emitted.append(step) } }
    }
    reactor.send(.findPasswordButtonDidTap)
    #expect(emitted == [.findPasswordIsRequired])
    subscription.dispose()
  }
}
