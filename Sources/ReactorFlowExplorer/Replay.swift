import ReactorFlow
import ReactorFlowHeadless

/// What one replayed path found.
struct Outcome {
  /// The canonical state it ended in.
  var tree = ""
  /// What identifies the state: the tree and the inputs offered there.
  var key = ""
  var label = ""
  var flow = ""
  var isTerminal = false
  var isGate = false
  /// The inputs of that state that need a secret (``UserAction/needsSecret``).
  var secretInputs: Set<ExplorationInput> = []
  /// The inputs available in that state.
  var inputs: [ExplorationInput] = []
  /// Each input of the path as code.
  var codes: [String] = []
  /// The steps handled after launch, then after each input.
  var handled: [HandledSteps] = []
  /// The problems seen: kind, message, lines that end the reproduction script.
  var problems: [(ExplorationProblem.Kind, String, [String])] = []
}

/// Replays one path from a fresh launch.
@MainActor
struct Replay {
  let exploration: Exploration

  func run(_ path: [ExplorationInput]) async -> Outcome {
    var outcome = Outcome()
    let run = AppRun()
    exploration.launch(run)
    var atOnce = run.handledStepsCount
    if run.settlesAfterLaunch { await run.settleNow() }
    outcome.handled.append(HandledSteps(atOnce: atOnce, all: run.takeHandledSteps()))
    for input in path {
      let actions = availableActions(run)
      let action = actionFor(input, in: actions)
      outcome.codes.append(
        exploration.script.code(for: input, steps: exploration.steps, action: action?.code))
      let applied = await apply(input, action: action, on: run)
      if !applied {
        outcome.problems.append(
          (.nondeterminism, "\(input) was not available when its path was replayed.", []))
      }
      atOnce = run.handledStepsCount
      await run.settleNow()
      outcome.handled.append(HandledSteps(atOnce: atOnce, all: run.takeHandledSteps()))
    }
    let window = run.window
    outcome.inputs = inputs(run)
    outcome.secretInputs = Set(availableActions(run).filter(\.needsSecret).map { .action($0.name) })
    outcome.isGate = window.gateScreen != nil
    outcome.tree = exploration.state(window)
    // A screen offering other inputs is another state (a list with rows, or without).
    outcome.key = outcome.tree + "\ninputs: " + outcome.inputs.map(\.description).joined(separator: ", ")
    (outcome.label, outcome.flow) = describe(window, flows: run.runningFlows)
    outcome.isTerminal =
      (window.topScreen as? ExplorableScreen)?.isTerminal == true || exploration.isTerminal?(window) == true
    for flow in run.runningFlows where flow.root.isDismissed {
      outcome.problems.append(
        (
          .flowOutlivedRoot,
          "\(type(of: flow)) still runs though its root (\(name(of: flow.root))) was dismissed: end it "
            + "(`.end`) when its root goes, or let the coordinator end it by dismissing the root it returned.",
          []
        ))
    }
    for (name, check) in exploration.checks {
      if let message = check(window) { outcome.problems.append((.check, "\(name): \(message)", [])) }
    }
    for message in run.takeDiagnostics() { outcome.problems.append((.diagnostic, message, [])) }
    run.tearDown()
    return outcome
  }

  /// The inputs of the state `window` shows, in a stable order: gestures, actions, steps.
  private func inputs(_ run: AppRun) -> [ExplorationInput] {
    let window = run.window
    var inputs: [ExplorationInput] = []
    if exploration.gestures {
      if window.backStack != nil { inputs.append(.back) }
      if window.swipeableSheet != nil { inputs.append(.swipeDown) }
      for tabBar in window.visibleTabBars {
        for (index, tab) in tabBar.viewControllers.enumerated() where index != tabBar.selectedIndex {
          inputs.append(.selectTab(tab.title))
        }
      }
    }
    inputs += availableActions(run).map { .action($0.name) }
    inputs += exploration.steps.map { .step($0.label) }
    return inputs
  }

  /// The actions of the visible screens, from the top down; the first of a name wins.
  func availableActions(_ run: AppRun) -> [UserAction] {
    let window = run.window
    var actions: [UserAction] = []
    var names: Set<String> = []
    for screen in window.visibleScreens.reversed() {
      let offered =
        ((screen as? ExplorableScreen)?.userActions ?? []) + (reactor(of: screen)?.userActions ?? [])
        + (exploration.actions?(screen, run) ?? [])
      for action in offered where names.insert(action.name).inserted { actions.append(action) }
    }
    return actions
  }

  /// The reactor bound to `screen`, if it lists user actions.
  private func reactor(of screen: Screen?) -> ExplorableScreen? {
    guard let view = screen as? any View else { return nil }
    return view.reactor as? ExplorableScreen
  }

  func actionFor(_ input: ExplorationInput, in actions: [UserAction]) -> UserAction? {
    guard case .action(let name) = input else { return nil }
    return actions.first { $0.name == name }
  }

  func apply(_ input: ExplorationInput, action: UserAction?, on run: AppRun) async -> Bool {
    switch input {
    case .step(let label):
      guard let step = exploration.steps.first(where: { $0.label == label }) else { return false }
      run.navigate(to: step.step)
      return true
    case .back: return run.window.userTapsBack()
    case .swipeDown: return run.window.userSwipesDown()
    case .selectTab(let title): return run.window.userSelectsTab(title)
    case .action:
      guard let action else { return false }
      await action.perform()
      return true
    }
  }

  /// The state's short name (the titles of the top screen's stack, and what presents it) and
  /// the flow showing the top screen.
  private func describe(_ window: Window, flows: [any Flow]) -> (String, String) {
    guard let top = window.topScreen else { return ("empty window", flows.first.map(typeName) ?? "none") }
    var chain: [Screen] = []
    var node: Screen? = top
    while let current = node {
      chain.append(current)
      node = current.parent ?? current.presentingScreen
    }
    var label = stackPath(of: top)
    if let modal = chain.first(where: { $0.presentingScreen != nil }), let presenter = modal.presentingScreen
    {
      label += " (\(modal.modalPresentationStyle.rawValue) over \(stackPath(of: presenter)))"
    }
    if let tabBar = chain.lazy.compactMap({ $0 as? TabBar }).first, let tab = tabBar.selectedViewController {
      if !label.hasPrefix(tab.title) { label = "\(tab.title) tab: " + label }
    }
    var flowName = flows.first.map(typeName) ?? "none"
    outer: for screen in chain {
      for flow in flows.reversed() where (flow.root as? Screen) === screen {
        flowName = typeName(flow)
        break outer
      }
    }
    return (label, flowName)
  }

  /// The titles of the stack holding `screen`, up to it (`Diary › Entry › Edit`).
  private func stackPath(of screen: Screen) -> String {
    guard let stack = screen.parent as? NavigationStack,
      let index = stack.viewControllers.firstIndex(where: { $0 === screen })
    else { return screen.title.isEmpty ? screen.kind : screen.title }
    return stack.viewControllers[...index].map(\.title).joined(separator: " › ")
  }

  private func typeName(_ flow: any Flow) -> String { String(describing: type(of: flow)) }

  private func name(of presentable: Presentable) -> String {
    if let screen = presentable as? Screen { return "\(screen.kind) \"\(screen.title)\"" }
    return String(describing: type(of: presentable))
  }
}
