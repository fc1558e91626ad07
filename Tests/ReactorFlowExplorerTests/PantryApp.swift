import ConcurrencyExtras
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless

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
