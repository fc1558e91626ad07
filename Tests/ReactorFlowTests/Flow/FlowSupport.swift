import ReactorFlow
import ReactorFlowHeadless

enum TestStep: Step, Equatable {
  case start
  case show(String)
  case slow(Int)
  case fast(Int)
  case failing
  case deepLink
  case endMe
  case ended
  case startChildren
  case loop(Int)
  case push(String)
  case pop
}

/// A flow on a navigation stack that logs every step it handles, and does what each step says.
final class LoggingFlow: Flow, Stepper {
  let name: String
  let navigation: NavigationStack
  let steps = PublishRelay<Step>()
  var log: [String] = []
  /// Children this flow starts on `.startChildren`, each with its own stepper.
  var childrenToStart: [(flow: LoggingFlow, stepper: Stepper)] = []
  /// Steps adapted asynchronously, waiting on a gate.
  var gates: [Int: Gate] = [:]
  /// Pushed screens and their steppers, by title.
  var pushed: [String: (screen: Screen, stepper: NoneStepper)] = [:]
  var pushPolicy: HiddenStepPolicy = .drop
  var allowStepWhenDismissed = false

  init(_ name: String) {
    self.name = name
    self.navigation = NavigationStack(rootViewController: Screen(title: "\(name) root"), title: name)
  }

  var root: Presentable { navigation }

  func adapt(step: Step) -> Effect<Step> {
    switch step as? TestStep {
    case .slow(let value):
      let gate = gates[value]
      return .run { send in
        try await gate?.wait()
        await send(TestStep.slow(value))
      }
    case .failing:
      return .run { _ in throw LoadError() }
    default:
      return .just(step)
    }
  }

  func navigate(to step: Step) -> FlowContributors {
    log.append("\(step)")
    guard let step = step as? TestStep else { return .none }
    switch step {
    case .startChildren:
      return .multiple(
        flowContributors: childrenToStart.map {
          .contribute(withNextPresentable: $0.flow, withNextStepper: $0.stepper)
        })
    case .endMe:
      return .end(forwardToParentFlowWithStep: TestStep.ended)
    case .loop(let count):
      // A flow that is its own stepper: emits the next step while handling this one.
      if count > 0 { steps.accept(TestStep.loop(count - 1)) }
      log.append("exit loop(\(count))")
      return .none
    case .push(let title):
      let screen = Screen(title: title)
      let stepper = NoneStepper()
      pushed[title] = (screen, stepper)
      navigation.pushViewController(screen)
      return .one(
        flowContributor: .contribute(
          withNextPresentable: screen, withNextStepper: stepper, whenHidden: pushPolicy,
          allowStepWhenDismissed: allowStepWhenDismissed))
    case .pop:
      navigation.popViewController()
      return .none
    default:
      return .none
    }
  }
}

/// Collects a coordinator's diagnostics, typed and as their messages.
@MainActor
final class CoordinatorDiagnostics {
  private(set) var all: [FlowDiagnostic] = []
  var messages: [String] { all.map(\.description) }
  private let bag = DisposeBag()

  init(_ coordinator: FlowCoordinator) {
    coordinator.onDiagnostic { [unowned self] in all.append($0) }.disposed(by: bag)
  }
}
