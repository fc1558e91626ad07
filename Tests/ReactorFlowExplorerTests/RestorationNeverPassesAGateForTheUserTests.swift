import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// A shop: sign-in is a gate; Help is open from the sign-in screen and from the account; the
/// basket is behind sign-in.
enum SignInShopStep: Step, Equatable, Codable, RestorationGate {
  case start, signInIsRequired, helpIsRequired, signedIn, basketIsRequired

  var isRestorationGate: Bool { self == .signInIsRequired }
  var passesRestorationGate: Bool { self == .signedIn }
}

/// Every screen's actions emit through the flow's own stepper: Help is one step, from one source,
/// wherever it is opened.
final class SignInShopFlow: Flow {
  let navigation = NavigationStack(title: "Shop")
  let stepper = ButtonStepper(initialStep: SignInShopStep.start)
  var root: Presentable { navigation }

  private func screen(_ title: String, _ actions: [(String, SignInShopStep)]) -> FlowContributors {
    let screen = ActionScreen(title: title)
    screen.actions = actions.map { name, step in
      UserAction(name) { [weak stepper] in stepper?.steps.accept(step) }
    }
    if navigation.viewControllers.isEmpty {
      navigation.setViewControllers([screen])
    } else {
      navigation.pushViewController(screen)
    }
    return .none
  }

  func navigate(to step: Step) -> FlowContributors {
    switch step as? SignInShopStep {
    case .start: return screen("Shop", [("Sign in", .signInIsRequired)])
    case .signInIsRequired:
      return screen(
        "Sign-in", [("Help", .helpIsRequired), ("Sign in", .signedIn), ("Wrong password", .start)])
    case .helpIsRequired: return screen("Help", [])
    case .signedIn: return screen("Account", [("Help", .helpIsRequired), ("Basket", .basketIsRequired)])
    case .basketIsRequired: return screen("Basket", [])
    case nil: return .none
    }
  }
}

@MainActor
final class RelaunchedSignInShop {
  let window = Window()
  let coordinator = FlowCoordinator()

  init() {
    coordinator.record(into: JournalRecorder())
    window.record(into: coordinator.recorder!)
    let flow = SignInShopFlow()
    window.rootViewController = flow.navigation
    coordinator.coordinate(flow: flow, with: flow.stepper)
  }

  func settle() async {
    for _ in 0..<20 { await Task.yield() }
  }

  func restoration(of journal: Journal) -> NavigationRestoration {
    NavigationRestoration(journal, coordinator: coordinator, window: window, steps: [SignInShopStep.self])
  }

  var titles: [String] { (window.rootViewController as? NavigationStack)?.viewControllers.map(\.title) ?? [] }
}

extension Exploration {
  static var signInShop: Exploration {
    var exploration = Exploration { run in
      let flow = SignInShopFlow()
      run.window.rootViewController = flow.navigation
      run.start(flow, with: flow.stepper)
    }
    exploration.progress = .never
    return exploration
  }
}

/// A shop session along `path`, written to its file and read back as a relaunch reads it.
@MainActor
func signInShopSession(_ path: [ExplorationInput]) async throws -> Journal {
  let journal = await Exploration.signInShop.record(path)
  let text = try journal.jsonLines(header: JournalHeader(app: "Shop", build: "1"))
  return try JournalReader(expectedApp: "Shop").read(text).journal
}

@Suite("Restoration never passes a gate for the user", .checksLeaks)
@MainActor
struct RestorationNeverPassesAGateForTheUserTests {
  /// The last session: signed in, looked at Help from the account, then the basket.
  private func signedInSession() async throws -> Journal {
    try await signInShopSession([
      .action("Sign in"), .action("Sign in"), .action("Help"), .back, .action("Basket"),
    ])
  }

  @Test("opening Help on the sign-in screen does not restore the basket behind it")
  func helpAtTheGate() async throws {
    let journal = try await signedInSession()
    let app = RelaunchedSignInShop()
    await app.settle()
    let restoration = app.restoration(of: journal)
    let atGate = await restoration.restore(settle: app.settle)
    guard case .atGate = atGate else {
      Issue.record("expected a stop at sign-in, got \(atGate)")
      return
    }
    // The relaunched user opens Help at sign-in: the same step the last session took after it
    // had signed in, but not the way through.
    #expect(await app.window.userPerforms("Help"))
    await app.settle()
    #expect(await restoration.restore(settle: app.settle) == atGate)
    #expect(!app.titles.contains("Basket"))
    #expect(!app.titles.contains("Account"))
  }

  @Test("a wrong password does not pass the gate; signing in does, and the rest comes back")
  func wrongPasswordThenSignIn() async throws {
    let journal = try await signedInSession()
    let app = RelaunchedSignInShop()
    await app.settle()
    let restoration = app.restoration(of: journal)
    let atGate = await restoration.restore(settle: app.settle)
    #expect(await app.window.userPerforms("Wrong password"))
    await app.settle()
    #expect(await restoration.restore(settle: app.settle) == atGate)
    #expect(!app.titles.contains("Basket"))
    // Back at the gate, the user signs in: restoration goes on, past what the journal's user did.
    _ = app.window.userTapsBack()
    await app.settle()
    #expect(await app.window.userPerforms("Sign in"))
    await app.settle()
    #expect(await restoration.restore(settle: app.settle) == .finished)
    #expect(app.titles.last == "Basket")
  }
}

/// Random sessions of the shop (the journal), restored in a relaunched shop whose user does random
/// things meanwhile, against the rule: a screen behind sign-in shows only once the live user has
/// signed in in this run; restoration goes on past the gate once they have.
@Suite("Restoration against a model of the gate", .checksLeaks)
@MainActor
struct RestorationGateModelTests {
  /// What a user can do on each screen of the shop (a random pick from it, when it is on top).
  private static let inputs: [String: [ExplorationInput]] = [
    "Shop": [.action("Sign in")],
    "Sign-in": [.action("Help"), .action("Sign in"), .action("Wrong password"), .back],
    "Help": [.back],
    "Account": [.action("Help"), .action("Basket"), .back],
    "Basket": [.back],
  ]
  private static let behindTheGate: Set<String> = ["Account", "Basket"]

  /// A random path through the shop, from the launch, of `length` inputs. Half of them start
  /// with a class of session found to fool restoration: signed in, then a step the user can also
  /// take at the gate (Help), then on behind the gate.
  private static func path(_ length: Int, _ random: inout SplitMix64) -> [ExplorationInput] {
    var titles = ["Shop"]
    var path: [ExplorationInput] = []
    if random.next(below: 2) == 0 {
      path = [.action("Sign in"), .action("Sign in"), .action("Help"), .back]
      titles = ["Shop", "Sign-in", "Account"]
    }
    for _ in 0..<length {
      let choices = inputs[titles.last!]!.filter { $0 != .back || titles.count > 1 }
      let input = choices[random.next(below: choices.count)]
      path.append(input)
      switch input {
      case .back: titles.removeLast()
      case .action("Sign in") where titles.last == "Shop": titles.append("Sign-in")
      case .action("Sign in"): titles.append("Account")
      case .action("Help"): titles.append("Help")
      case .action("Basket"): titles.append("Basket")
      case .action("Wrong password"): titles.append("Shop")
      default: break
      }
    }
    return path
  }

  @Test("a screen behind the gate shows only after the live user signed in", arguments: 0..<60)
  func gateModel(seed: UInt64) async throws {
    var random = SplitMix64(startingAt: seed)
    let recorded = Self.path(1 + random.next(below: 8), &random)
    let journal = try await signInShopSession(recorded)
    let app = RelaunchedSignInShop()
    await app.settle()
    let restoration = app.restoration(of: journal)
    var signedIn = false
    let context = "seed \(seed), the last session \(recorded)"
    for turn in 0..<8 {
      let status = await restoration.restore(settle: app.settle)
      if !signedIn {
        let shown = Set(app.titles).intersection(Self.behindTheGate)
        #expect(
          shown.isEmpty, "\(context), turn \(turn): \(shown) shown before the user signed in; \(status)")
      }
      if case .failed(let divergence) = status, signedIn || !recorded.contains(.action("Sign in")) {
        Issue.record("\(context): \(divergence)")
      }
      // The live user's input, on whatever is on top.
      let top = app.titles.last ?? "Shop"
      let choices = Self.inputs[top, default: []].filter { $0 != .back || app.titles.count > 1 }
      guard !choices.isEmpty else { continue }
      let input = choices[random.next(below: choices.count)]
      switch input {
      case .back: _ = app.window.userTapsBack()
      case .action(let name):
        if name == "Sign in", top == "Sign-in" { signedIn = true }
        _ = await app.window.userPerforms(name)
      default: break
      }
      await app.settle()
    }
    restoration.cancel()
  }
}
