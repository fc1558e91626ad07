import ConcurrencyExtras
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import Testing

// A small app whose screen loads through a `.run` operation that calls a fake service: what a
// journal records, and what its replay must reproduce without calling the service.

/// The pantry's service: counts its calls.
final class PantryService: Sendable {
  let calls = LockIsolated(0)

  func fetch() async -> [String] {
    calls.withValue { $0 += 1 }
    return ["tea", "milk"]
  }
}

enum PantryStep: Step, Equatable, Codable, RestorationGate {
  case start
  case itemIsPicked(String)
  /// The locked shelf asks for a PIN first: where restoration stops.
  case pinIsRequired
  case shelfIsUnlocked

  var isRestorationGate: Bool { self == .pinIsRequired }
  var passesRestorationGate: Bool { self == .shelfIsUnlocked }
}

/// Loads the items (a flag at once, the items from the service), and picks one (a step).
final class PantryReactor: Reactor, Stepper {
  enum Action: Equatable, Codable { case load, pick(String), openLockedShelf }
  enum Mutation: Equatable, Codable { case setLoading(Bool), setItems([String]) }
  struct State: Equatable, Codable {
    var isLoading = false
    var items: [String] = []
  }

  let initialState = State()
  let store = ReactorStore<PantryReactor>()
  let steps = PublishRelay<Step>()
  let service: PantryService

  init(service: PantryService) { self.service = service }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load:
      return .concat(
        .just(.setLoading(true)),
        .run { [service] send in
          await send(.setItems(await service.fetch()))
          await send(.setLoading(false))
        })
    case .pick(let item):
      steps.accept(PantryStep.itemIsPicked(item))
      return .none
    case .openLockedShelf:
      steps.accept(PantryStep.pinIsRequired)
      return .none
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setItems(let items): state.items = items
    }
    return state
  }
}

/// The pantry's list: loads when it first appears, shows the items, offers to pick each one and
/// to reload.
final class PantryScreen: Screen, ExplorableScreen {
  let reactor: PantryReactor
  let bag = DisposeBag()
  private var hasAppeared = false

  init(reactor: PantryReactor) {
    self.reactor = reactor
    super.init(title: "Pantry")
    reactor.observe(\.items) { [weak self] items in self?.content = items }.disposed(by: bag)
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    if !hasAppeared {
      hasAppeared = true
      reactor.send(.load)
    }
  }

  var userActions: [UserAction] {
    let reactor = self.reactor
    return reactor.currentState.items.map { item in
      UserAction("Pick \(item)") { reactor.send(.pick(item)) }
    } + [
      UserAction("Reload") { reactor.send(.load) },
      UserAction("Open locked shelf") { reactor.send(.openLockedShelf) },
    ]
  }
}

/// A stack: the pantry, then a picked item's page.
final class PantryFlow: Flow {
  let navigation = NavigationStack(title: "Pantry")
  let service: PantryService
  var root: Presentable { navigation }

  init(service: PantryService) { self.service = service }

  func navigate(to step: Step) -> FlowContributors {
    switch step as? PantryStep {
    case .start:
      let reactor = PantryReactor(service: service)
      let screen = PantryScreen(reactor: reactor)
      navigation.setViewControllers([screen])
      return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
    case .itemIsPicked(let item):
      navigation.pushViewController(Screen(title: item.capitalized))
      return .none
    case .pinIsRequired:
      let pin = ActionScreen(title: "PIN")
      let stepper = ButtonStepper()
      pin.actions = [
        UserAction("Enter PIN") { [weak stepper] in stepper?.steps.accept(PantryStep.shelfIsUnlocked) }
      ]
      navigation.pushViewController(pin)
      return .one(flowContributor: .contribute(withNextPresentable: pin, withNextStepper: stepper))
    case .shelfIsUnlocked:
      navigation.pushViewController(Screen(title: "Locked shelf"))
      return .none
    default:
      return .none
    }
  }
}

extension Exploration {
  /// The pantry app, its state the whole rendered tree (contents included).
  static func pantry(service: PantryService) -> Exploration {
    var exploration = Exploration { run in
      let flow = PantryFlow(service: service)
      run.window.rootViewController = flow.navigation
      run.start(flow, with: OneStepper(withSingleStep: PantryStep.start))
    }
    exploration.state = { $0.render() }
    exploration.progress = .never
    return exploration
  }
}

/// The pantry, launched as an app launches: its own window and coordinator, recording into
/// `recorder` (unless `records` is `false`) — the relaunch a restoration brings back.
@MainActor
final class RelaunchedPantry {
  let window = Window()
  let coordinator = FlowCoordinator()
  let recorder: JournalRecorder
  let service: PantryService

  init(
    service: PantryService = PantryService(), recorder: JournalRecorder = JournalRecorder(),
    records: Bool = true
  ) {
    self.service = service
    self.recorder = recorder
    if records { coordinator.record(into: recorder) }
    window.record(into: recorder)
    let flow = PantryFlow(service: service)
    window.rootViewController = flow.navigation
    coordinator.coordinate(flow: flow, with: OneStepper(withSingleStep: PantryStep.start))
  }

  /// Returns once the screens stopped changing and no step is pending (the pantry's load is a
  /// few turns of the main actor); a test fails, rather than hangs, if they never do.
  func settle() async {
    var quietTurns = 0
    var last = window.render()
    for _ in 0..<1_000 {
      await Task.yield()
      let now = window.render()
      quietTurns = (now == last && coordinator.pendingSteps == 0) ? quietTurns + 1 : 0
      last = now
      if quietTurns >= 3 { return }
    }
    Issue.record("the pantry never became idle")
  }

  func restoration(of journal: Journal) -> NavigationRestoration {
    NavigationRestoration(journal, coordinator: coordinator, window: window, steps: [PantryStep.self])
  }

  /// How many times the relaunched pantry took `step`.
  func steps(_ step: PantryStep) -> Int {
    recorder.journal.entries.filter { $0.event.kind == .step && $0.event.payload?.description == "\(step)" }
      .count
  }
}

/// A pantry session along `path`, as a relaunch reads it: written to its file and read back.
@MainActor
func pantrySession(_ path: [ExplorationInput]) async throws -> Journal {
  let journal = await Exploration.pantry(service: PantryService()).record(path)
  let text = try journal.jsonLines(header: JournalHeader(app: "Pantry", build: "1"))
  return try JournalReader(expectedApp: "Pantry").read(text).journal
}
