import PropertyBased
import ReactorFlow
import ReactorFlowTesting
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Model-based fuzzing of real flows on the screen tree: a tab bar of two flows, each able to push
// screens and present a modal flow that can be dismissed by the user or end itself; deep links
// (valid and not) reset a tab. Random sequences of operations run against the real coordinator
// and against a small model; after every operation the rendered tree, the top screen, the live
// screens and the live flows agree.

enum FuzzStep: Step, Equatable {
  case start
  case push
  case present
  case done
  case modalDone
  case deepLink(tab: Int, depth: Int)
}

/// A screen that is its own stepper, numbered in creation order.
final class FuzzScreen: Screen, Stepper {
  let steps = PublishRelay<Step>()
  let number: Int
  init(number: Int) {
    self.number = number
    super.init(title: "s\(number)")
  }
}

/// The real system: a window, a coordinator, and the screens created (weakly, by number).
@MainActor
final class FuzzWorld {
  let window = Window()
  let coordinator = FlowCoordinator()
  private(set) var created: [Int: WeakScreen] = [:]
  private var nextNumber = 0
  /// Every diagnostic the coordinator reported.
  let diagnostics: CoordinatorDiagnostics

  init() {
    diagnostics = CoordinatorDiagnostics(coordinator)
  }

  struct WeakScreen {
    weak var screen: FuzzScreen?
  }

  func makeScreen() -> FuzzScreen {
    let screen = FuzzScreen(number: nextNumber)
    created[nextNumber] = WeakScreen(screen: screen)
    nextNumber += 1
    return screen
  }

  /// A new screen put on `stack` (as its only screen, or pushed), contributed as its own stepper.
  func show(on stack: NavigationStack, replacing: Bool) -> FlowContributor {
    let screen = makeScreen()
    if replacing { stack.setViewControllers([screen]) } else { stack.pushViewController(screen) }
    return .contribute(withNext: screen)
  }

  var liveNumbers: Set<Int> { Set(created.filter { $0.value.screen != nil }.keys) }

  static let router = DeepLinkRouter(scheme: "fuzz")
    .route("tab/:tab/depth/:depth") { (match) throws(DeepLinkError) -> Step in
      let tab = try match.int("tab")
      let depth = try match.int("depth")
      guard (0...1).contains(tab) else {
        throw DeepLinkError.invalidParameter("tab", value: "\(tab)", expected: "0 or 1")
      }
      guard (0...3).contains(depth) else {
        throw DeepLinkError.invalidParameter("depth", value: "\(depth)", expected: "0 to 3")
      }
      return FuzzStep.deepLink(tab: tab, depth: depth)
    }
}

final class FuzzAppFlow: Flow {
  var root: Presentable { world.window }
  unowned let world: FuzzWorld
  let tabBar = TabBar(title: "Tabs")

  init(world: FuzzWorld) { self.world = world }

  func navigate(to step: Step) -> FlowContributors {
    switch step as? FuzzStep {
    case .start:
      let tabs = [FuzzTabFlow(index: 0, world: world), FuzzTabFlow(index: 1, world: world)]
      Flows.use(tabs[0], tabs[1], when: .created) {
        [tabBar, world] (first: NavigationStack, second: NavigationStack) in
        tabBar.setViewControllers([first, second])
        world.window.rootViewController = tabBar
      }
      return .multiple(
        flowContributors: tabs.map {
          .contribute(withNextPresentable: $0, withNextStepper: OneStepper(withSingleStep: FuzzStep.start))
        })
    case .deepLink(let tab, _):
      tabBar.select(tab)
      return .none
    default:
      return .none
    }
  }
}

final class FuzzTabFlow: Flow {
  var root: Presentable { stack }
  let index: Int
  let stack: NavigationStack
  unowned let world: FuzzWorld

  init(index: Int, world: FuzzWorld) {
    self.index = index
    self.world = world
    stack = NavigationStack(title: "T\(index)")
  }

  func navigate(to step: Step) -> FlowContributors {
    switch step as? FuzzStep {
    case .start:
      return .one(flowContributor: world.show(on: stack, replacing: true))
    case .push:
      return .one(flowContributor: world.show(on: stack, replacing: false))
    case .present:
      let modal = FuzzModalFlow(world: world)
      Flows.use(modal, when: .created) { [stack] (root: NavigationStack) in
        stack.present(root, style: .pageSheet)
      }
      return .one(
        flowContributor: .contribute(
          withNextPresentable: modal, withNextStepper: OneStepper(withSingleStep: FuzzStep.start)))
    case .modalDone:
      stack.dismiss()
      return .none
    case .deepLink(let tab, let depth):
      if stack.presentedScreen != nil { stack.dismiss() }
      guard tab == index else { return .none }
      _ = stack.popToRootViewController()
      return .multiple(flowContributors: (0..<depth).map { _ in world.show(on: stack, replacing: false) })
    default:
      return .none
    }
  }
}

final class FuzzModalFlow: Flow {
  var root: Presentable { stack }
  let stack = NavigationStack(title: "M")
  unowned let world: FuzzWorld

  init(world: FuzzWorld) { self.world = world }

  func navigate(to step: Step) -> FlowContributors {
    switch step as? FuzzStep {
    case .start:
      return .one(flowContributor: world.show(on: stack, replacing: true))
    case .push:
      return .one(flowContributor: world.show(on: stack, replacing: false))
    case .done:
      return .end(forwardToParentFlowWithStep: FuzzStep.modalDone)
    default:
      return .none
    }
  }
}

/// What the app should be: each tab's stack, the selected tab, the modal (over which tab).
struct FlowModel {
  var tabs: [[Int]] = [[0], [1]]
  var selected = 0
  var modal: (tab: Int, stack: [Int])?
  var nextNumber = 2
  /// The deep links rejected so far: the only diagnostics the coordinator may report.
  var rejectedLinks = 0

  var top: Int { modal?.stack.last ?? tabs[selected].last! }
  var live: Set<Int> { Set(tabs.joined()).union(modal?.stack ?? []) }
  var flowCount: Int { 3 + (modal == nil ? 0 : 1) }

  mutating func make() -> Int {
    defer { nextNumber += 1 }
    return nextNumber
  }

  /// The text `Window.render()` should print.
  func render() -> String {
    let covered = modal != nil
    var lines = ["window"]
    let names = (0..<2).map { $0 == selected ? "[T\($0)]" : "T\($0)" }
    lines.append("  tabs \"Tabs\" tabs: \(names.joined(separator: " | "))\(covered ? "" : " *")")
    for tab in 0..<2 {
      let shown = tab == selected && !covered
      lines.append("    navigation \"T\(tab)\"\(shown ? " *" : "")")
      for (position, number) in tabs[tab].enumerated() {
        lines.append("      screen \"s\(number)\"\(shown && position == tabs[tab].count - 1 ? " *" : "")")
      }
      if let modal, modal.tab == tab {
        lines.append("      modal(pageSheet) navigation \"M\" *")
        for (position, number) in modal.stack.enumerated() {
          lines.append("        screen \"s\(number)\"\(position == modal.stack.count - 1 ? " *" : "")")
        }
      }
    }
    return lines.joined(separator: "\n")
  }
}

@MainActor
@Suite("Flow: model-based fuzzing of flows on the screen tree", .checksLeaks)
struct FlowModelFuzzTests {
  /// `REACTORFLOW_FUZZ_SEQUENCES` sets how many sequences run (CI: the default).
  static var sequences: Int {
    guard let text = getenv("REACTORFLOW_FUZZ_SEQUENCES"), let count = Int(String(cString: text)) else {
      return 300
    }
    return count
  }

  @Test("push, pop, present, dismiss, select tab, end flow, deep link: real flows and model agree")
  func fuzz() async {
    await propertyCheck(count: Self.sequences, input: Gen.int(in: 0...9_999).array(of: 1...40)) {
      operations in
      let divergence = Self.run(operations)
      #expect(divergence == nil, "\(divergence ?? "")")
    }
  }

  @Test("found by this fuzzer: a deep link that dismisses a modal flow reported a spurious diagnostic")
  func deepLinkOverModal() {
    // present (401 % 7 == 2), then a valid deep link (8812 % 7 == 6): the tab flow dismisses its
    // modal while the link goes round, and the ended modal flow used to report "has ended, so
    // deepLink(…) was not handled" — shrunk by PropertyBased from a longer random sequence.
    #expect(Self.run([401, 8812]) == nil)
  }

  /// Runs one sequence; returns a description of the first divergence, if any.
  static func run(_ operations: [Int]) -> String? {
    var model = FlowModel()
    var released = true
    var result: String?
    do {
      let world = FuzzWorld()
      world.coordinator.coordinate(
        flow: FuzzAppFlow(world: world), with: OneStepper(withSingleStep: FuzzStep.start))
      if let divergence = compare(world, model, after: "start") { return divergence }
      for (index, code) in operations.enumerated() {
        let description = apply(code, to: world, model: &model)
        if let divergence = compare(world, model, after: "operation \(index) (\(description))") {
          result = divergence
          break
        }
      }
      // Everything is released with the world (checked below through a weak reference).
      weakWorld = world
    }
    released = weakWorld == nil
    if result == nil, !released { result = "the world was not released after the sequence" }
    return result
  }

  nonisolated(unsafe) private static weak var weakWorld: FuzzWorld?

  /// Applies one operation to the real system (as a user or a stepper would) and to the model.
  static func apply(_ code: Int, to world: FuzzWorld, model: inout FlowModel) -> String {
    let parameter = code / 7
    let top = world.window.topScreen as? FuzzScreen
    switch code % 7 {
    case 0:
      top?.steps.accept(FuzzStep.push)
      let number = model.make()
      if model.modal != nil {
        model.modal!.stack.append(number)
      } else {
        model.tabs[model.selected].append(number)
      }
      return "push"
    case 1:
      if let stack = top?.parent as? NavigationStack, stack.viewControllers.count > 1 {
        _ = stack.popViewController()
      }
      if model.modal != nil {
        if model.modal!.stack.count > 1 { model.modal!.stack.removeLast() }
      } else if model.tabs[model.selected].count > 1 {
        model.tabs[model.selected].removeLast()
      }
      return "pop"
    case 2:
      top?.steps.accept(FuzzStep.present)
      if model.modal == nil { model.modal = (model.selected, [model.make()]) }
      return "present"
    case 3:
      if let modal = model.modal {
        (world.window.rootViewController as? TabBar)?.viewControllers[modal.tab].dismiss()
        model.modal = nil
      }
      return "dismiss (user)"
    case 4:
      let tab = parameter % 2
      if model.modal == nil {
        (world.window.rootViewController as? TabBar)?.select(tab)
        model.selected = tab
      }
      return "select tab \(tab)"
    case 5:
      top?.steps.accept(FuzzStep.done)
      model.modal = nil
      return "end modal flow"
    default:
      let link: String
      switch parameter % 6 {
      case 0: link = "fuzz://tab/9/depth/1"
      case 1: link = "other://tab/0/depth/1"
      case 2: link = "fuzz://tab/1/depth/x%ZZ"
      default: link = "fuzz://tab/\(parameter % 2)/depth/\((parameter / 2) % 4)"
      }
      let rejected = world.coordinator.navigate(toDeepLink: link, with: FuzzWorld.router) != nil
      if rejected { model.rejectedLinks += 1 }
      if !rejected {
        let tab = parameter % 2
        model.modal = nil
        model.selected = tab
        model.tabs[tab] = [model.tabs[tab][0]] + (0..<((parameter / 2) % 4)).map { _ in model.make() }
      }
      return "deep link \(link)\(rejected ? " (rejected)" : "")"
    }
  }

  static func compare(_ world: FuzzWorld, _ model: FlowModel, after operation: String) -> String? {
    let rendered = world.window.render()
    if rendered != model.render() {
      return "after \(operation): rendered\n\(rendered)\nexpected\n\(model.render())"
    }
    if (world.window.topScreen as? FuzzScreen)?.number != model.top {
      return
        "after \(operation): top screen \(world.window.topScreen?.title ?? "none"), expected s\(model.top)"
    }
    if world.liveNumbers != model.live {
      return "after \(operation): live screens \(world.liveNumbers.sorted()), expected \(model.live.sorted())"
    }
    if world.diagnostics.messages.count != model.rejectedLinks
      || !world.diagnostics.messages.allSatisfy({ $0.hasPrefix("A deep link was rejected: ") })
    {
      return
        "after \(operation): diagnostics \(world.diagnostics.messages), expected \(model.rejectedLinks) rejected link(s)"
    }
    if world.coordinator.flows.count != model.flowCount {
      return "after \(operation): \(world.coordinator.flows.count) flows alive, expected \(model.flowCount)"
    }
    return nil
  }
}
