import ConcurrencyExtras
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// UIKit calls `viewDidAppear` after the transition, once the code that pushed or presented has
/// returned; RxFlow has connected the screen's stepper by then, so a step the screen emits from
/// its `viewDidAppear` is handled. The headless tree applies a change at once: while a
/// coordinator applies a step, the end of the transitions waits for the step's contributions.
@Suite("Screen tree: the end of a transition waits for the step's contributions", .checksLeaks)
@MainActor
struct TransitionHoldTests {
  enum HoldStep: Step, Equatable { case home, detail, detailAppeared, presented, sheetAppeared }

  /// Emits a step from its own `viewDidAppear`, as an analytics or a launch screen does.
  final class AnnouncingScreen: Screen, Stepper {
    let steps = PublishRelay<Step>()
    let announcement: HoldStep
    init(title: String, announcement: HoldStep) {
      self.announcement = announcement
      super.init(title: title)
    }
    override func viewDidAppear(_ animated: Bool) {
      super.viewDidAppear(animated)
      steps.accept(announcement)
    }
  }

  final class HoldFlow: Flow {
    let navigation = NavigationStack(title: "Main")
    var root: Presentable { navigation }
    var handled: [HoldStep] = []
    var completions: [String] = []

    func navigate(to step: Step) -> FlowContributors {
      guard let step = step as? HoldStep else { return .none }
      handled.append(step)
      switch step {
      case .home:
        navigation.setViewControllers([Screen(title: "Home")], animated: false)
        return .none
      case .detail:
        let screen = AnnouncingScreen(title: "Detail", announcement: .detailAppeared)
        navigation.pushViewController(screen, animated: true)
        return .one(flowContributor: .contribute(withNext: screen))
      case .presented:
        let sheet = AnnouncingScreen(title: "Sheet", announcement: .sheetAppeared)
        navigation.present(sheet, animated: true) { [unowned self] in
          self.completions.append("presented, steps handled: \(self.handled.count)")
        }
        return .one(flowContributor: .contribute(withNext: sheet))
      case .detailAppeared, .sheetAppeared:
        return .none
      }
    }
  }

  @Test("a step emitted from viewDidAppear of a pushed screen is handled, after the push")
  func pushedScreenAnnounces() {
    let window = Window()
    let flow = HoldFlow()
    window.rootViewController = flow.navigation
    let stepper = OneStepper(withSingleStep: HoldStep.home)
    let coordinator = FlowCoordinator()
    var diagnostics: [String] = []
    let subscription = coordinator.onDiagnostic { diagnostics.append("\($0)") }
    coordinator.coordinate(flow: flow, with: stepper, allowStepWhenDismissed: true)
    coordinator.navigate(to: HoldStep.detail)
    #expect(flow.handled == [.home, .detail, .detailAppeared])
    #expect(diagnostics.isEmpty)
    subscription.dispose()
  }

  @Test("a presented sheet's step from viewDidAppear is handled; present's completion runs after")
  func presentedSheetAnnounces() {
    let window = Window()
    let flow = HoldFlow()
    window.rootViewController = flow.navigation
    let coordinator = FlowCoordinator()
    coordinator.coordinate(
      flow: flow, with: OneStepper(withSingleStep: HoldStep.home), allowStepWhenDismissed: true)
    coordinator.navigate(to: HoldStep.presented)
    #expect(flow.handled == [.home, .presented, .sheetAppeared])
    // The completion runs once the transition ended: after the step applied that presented, and
    // before the step the sheet emitted from its viewDidAppear is handled.
    #expect(flow.completions == ["presented, steps handled: 2"])
  }

  @Test("without a coordinator applying a step, viewDidAppear runs before the change returns")
  func directChangesAreImmediate() {
    let window = Window()
    let navigation = NavigationStack(rootViewController: Screen(title: "Home"))
    window.rootViewController = navigation
    let screen = AnnouncingScreen(title: "Detail", announcement: .detailAppeared)
    let emitted = LockIsolated<[String]>([])
    let subscription = screen.steps.subscribe { step in emitted.withValue { $0.append("\(step)") } }
    navigation.pushViewController(screen, animated: false)
    #expect(emitted.value == ["detailAppeared"])
    subscription.dispose()
  }
}
