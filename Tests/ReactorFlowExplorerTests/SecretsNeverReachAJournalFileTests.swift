import ConcurrencyExtras
import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import Testing

/// A vault: a password typed into a sign-in screen (a secret in an action, a mutation and the
/// state), checked by a service; signing in shows the vault.
final class VaultService: Sendable {
  let calls = LockIsolated(0)
  func signIn(password: String) async -> Bool {
    calls.withValue { $0 += 1 }
    return password == "hunter2"
  }
}

enum VaultStep: Step, Equatable, Codable {
  case signInIsRequired, vaultIsOpen
}

final class VaultReactor: Reactor, Stepper {
  enum Action: Equatable, Codable { case typePassword(Redacted<String>), signIn }
  enum Mutation: Equatable, Codable { case setPassword(Redacted<String>), setFailed(Bool) }
  struct State: Equatable, Codable {
    @Redacted var password = ""
    var failed = false
  }

  let initialState = State()
  let store = ReactorStore<VaultReactor>()
  let steps = PublishRelay<Step>()
  let service: VaultService

  init(service: VaultService) { self.service = service }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .typePassword(let password): return .just(.setPassword(password))
    case .signIn:
      let password = currentState.password
      return .run { [service, steps] send in
        let ok = await service.signIn(password: password)
        await send(.setFailed(!ok))
        if ok { steps.accept(VaultStep.vaultIsOpen) }
      }
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setPassword(let password): state.password = password.wrappedValue
    case .setFailed(let failed): state.failed = failed
    }
    return state
  }
}

final class VaultSignInScreen: Screen, ExplorableScreen {
  let reactor: VaultReactor
  init(reactor: VaultReactor) {
    self.reactor = reactor
    super.init(title: "Sign in")
  }
  var userActions: [UserAction] {
    let reactor = self.reactor
    return [
      UserAction("Type password") { reactor.send(.typePassword(Redacted("hunter2"))) },
      UserAction("Sign in") { reactor.send(.signIn) },
    ]
  }
}

final class VaultFlow: Flow {
  let navigation = NavigationStack(title: "Vault")
  let service: VaultService
  var root: Presentable { navigation }
  init(service: VaultService) { self.service = service }

  func navigate(to step: Step) -> FlowContributors {
    switch step as? VaultStep {
    case .signInIsRequired:
      let reactor = VaultReactor(service: service)
      let screen = VaultSignInScreen(reactor: reactor)
      navigation.setViewControllers([screen])
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .vaultIsOpen:
      navigation.pushViewController(Screen(title: "Vault"))
      return .none
    case nil:
      return .none
    }
  }
}

@Suite("A secret marked Redacted never reaches a journal file", .checksLeaks)
@MainActor
struct SecretsNeverReachAJournalFileTests {
  private func vault(_ service: VaultService) -> Exploration {
    var exploration = Exploration { run in
      let flow = VaultFlow(service: service)
      run.window.rootViewController = flow.navigation
      run.start(flow, with: OneStepper(withSingleStep: VaultStep.signInIsRequired))
    }
    exploration.state = { $0.render() }
    exploration.progress = .never
    return exploration
  }

  @Test("the password's bytes appear nowhere in the file; the app still reads the value")
  func notInTheFile() async throws {
    let exploration = vault(VaultService())
    let journal = await exploration.record([.action("Type password"), .action("Sign in")])
    let data = try journal.jsonLines(header: JournalHeader(app: "Vault", build: "1"))
    let text = String(decoding: data, as: UTF8.self)
    #expect(!text.contains("hunter2"))
    #expect(text.contains(Redacted<String>.marker))
    // Signed in: the value reached the service.
    #expect(journal.timeline().contains("vaultIsOpen"))
    #expect(!journal.timeline().contains("hunter2"))
  }

  @Test("the file replays faithfully without the secret: the sign-in's outcome is the recorded one")
  func replaysWithoutTheSecret() async throws {
    let service = VaultService()
    let exploration = vault(service)
    let journal = await exploration.record([.action("Type password"), .action("Sign in")])
    let data = try journal.jsonLines(header: JournalHeader(app: "Vault", build: "1"))
    let read = try JournalReader(expectedApp: "Vault").read(data).journal
    let calls = service.calls.value
    let replay = await exploration.replay(
      read, checking: JournalReplay.defaultChecks.subtracting([.diagnostic]), steps: [VaultStep.self])
    #expect(replay.divergence == nil, "\(replay.divergence?.description ?? "")")
    #expect(service.calls.value == calls)
    #expect(replay.finalState.contains("Vault"))
  }

  @Test("a Redacted value encodes as itself for any other encoder, and describes itself as the marker")
  func elsewhereTheValue() throws {
    let state = VaultReactor.State(password: "hunter2", failed: false)
    let json = String(decoding: try JSONEncoder().encode(state), as: UTF8.self)
    #expect(json.contains("hunter2"))
    #expect(!String(describing: state).contains("hunter2"))
    #expect(!String(reflecting: VaultReactor.Action.typePassword(Redacted("hunter2"))).contains("hunter2"))
    let decoded = try JSONDecoder().decode(VaultReactor.State.self, from: Data(json.utf8))
    #expect(decoded.password == "hunter2")
  }
}
