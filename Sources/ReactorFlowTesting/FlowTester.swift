import CustomDump
import ReactorFlow
import ReactorFlowHeadless

/// Tests navigation: starts a flow on a headless window, lets steppers emit or sends steps, and
/// checks the rendered screen tree, the steps each flow handled, the diagnostics, and that what
/// was dismissed or ended was released.
///
/// ```swift
/// @MainActor @Test func home() async {
///   let tester = FlowTester()
///   tester.start(AppFlow(window: tester.window), with: AppStepper())
///   tester.expectSteps(["AppFlow: launchIsRequired"])
///   tester.expectRendered("""
///     window
///       screen "Launch" *
///     """)
///   await tester.finish()
/// }
/// ```
///
/// The flow draws on ``window``: a flow whose root is the window is given it
/// (`AppFlow(window: tester.window)`, as above); a flow whose root is a screen — a
/// `NavigationStack`, a `TabBar` — has its root put in the window before it starts:
///
/// ```swift
/// final class HomeFlow: Flow {
///   var root: Presentable { navigationController }
///   private let navigationController = NavigationStack(title: "Home")
///
///   func navigate(to step: Step) -> FlowContributors {
///     navigationController.pushViewController(Screen(title: "Home"), animated: true)
///     return .none
///   }
/// }
///
/// @MainActor @Test func home() async {
///   let tester = FlowTester()
///   let flow = HomeFlow()
///   Flows.use(flow, when: .created) { root in tester.window.rootViewController = root }
///   tester.start(flow, with: OneStepper(withSingleStep: AppStep.homeIsRequired))
///   tester.expectSteps(["HomeFlow: homeIsRequired"])
///   await tester.finish()
/// }
/// ```
///
/// Once the flow started by ``start(_:with:fileID:filePath:line:column:)`` has handled its first
/// step, the tester checks that its root is in ``window`` — else the window would render `window`
/// alone and a test that checks only steps would pass — and fails the test at `start`, saying how
/// to attach it.
///
/// Exhaustive by default: every handled step must be stated with
/// ``expectSteps(_:fileID:filePath:line:column:)`` and every diagnostic with `expectDiagnostics(_:)`
/// before ``finish(timeout:fileID:filePath:line:column:)``.
///
/// Its failures go to the test framework running the test, XCTest or Swift Testing, at the line
/// of the call that failed.
@MainActor
public final class FlowTester {
  /// The window the flows draw on.
  public let window: Window
  /// The coordinator driving the flows.
  public let coordinator = FlowCoordinator()
  /// Objects that must be released by the end (see ``track(_:_:)``).
  public let leaks = LeakTracker()
  /// How strictly unstated steps and diagnostics are checked.
  public var exhaustivity: Exhaustivity

  /// Every will/did-navigate event, as `"will AppFlow: step"` / `"did AppFlow: step"`.
  public private(set) var navigationLog: [String] = []
  /// Handled steps not stated yet, as `"AppFlow: step"`.
  public private(set) var unstatedSteps: [String] = []
  /// Diagnostics not stated yet.
  public internal(set) var unstatedDiagnostics: [FlowDiagnostic] = []
  private let bag = DisposeBag()
  private var waiter: CheckedContinuation<Void, Never>?
  /// The flow ``start(_:with:fileID:filePath:line:column:)`` started, until its root was checked.
  private var rootCheck: RootCheck?

  /// A started flow whose root is checked to be in the window once it has handled a step.
  /// Creates a tester with an empty window (or `window`).
  public init(window: Window = Window(), exhaustivity: Exhaustivity = .on) {
    self.window = window
    self.exhaustivity = exhaustivity
    coordinator.onWillNavigate { [unowned self] event in
      navigationLog.append("will \(Self.describe(event))")
    }
    .disposed(by: bag)
    coordinator.onDidNavigate { [unowned self] event in
      navigationLog.append("did \(Self.describe(event))")
      unstatedSteps.append(Self.describe(event))
      if let flow = rootCheck?.flow, flow === event.flow { rootCheck?.hasNavigated = true }
      waiter?.resume()
      waiter = nil
    }
    .disposed(by: bag)
    coordinator.onDiagnostic { [unowned self] diagnostic in
      unstatedDiagnostics.append(diagnostic)
    }
    .disposed(by: bag)
  }

  /// Tracks `object`: ``finish(timeout:fileID:filePath:line:column:)`` fails if it is still alive
  /// then.
  @discardableResult
  public func track<T: AnyObject>(_ object: T, _ name: String? = nil) -> T {
    leaks.track(object, name)
  }

  /// Starts `flow` as the root flow.
  ///
  /// Its root must be in ``window`` once it has handled its first step: the flow is given the
  /// window (its root is the window), or its root screen is put in the window before this call
  /// (`Flows.use(flow, when: .created) { root in tester.window.rootViewController = root }`).
  /// If it is not, the test fails here, with what to write.
  public func start(
    _ flow: Flow, with stepper: Stepper,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    rootCheck = RootCheck(flow: flow, fileID: fileID, filePath: filePath, line: line, column: column)
    coordinator.coordinate(flow: flow, with: stepper)
    checkRootIsInWindow()
  }

  /// Sends `step` to every live flow (a deep link).
  public func navigate(to step: Step) {
    checkRootIsInWindow()
    coordinator.navigate(to: step)
  }

  /// Waits until at least `count` handled steps are waiting to be stated (steps emitted by
  /// asynchronous work arrive later). The wait ends with the step that makes the count, however
  /// busy the machine is; it fails only after `timeout` — a hang guard, not a measure (see
  /// ``HangGuard``).
  public func waitForSteps(
    _ count: Int = 1, timeout: Duration = HangGuard.timeout,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    checkRootIsInWindow()
    while unstatedSteps.count < count {
      let timer = Task { [weak self] in
        // Cancelled once the step came: it must not wake a later wait.
        guard (try? await Task.sleep(for: timeout)) != nil else { return }
        await MainActor.run {
          self?.waiter?.resume()
          self?.waiter = nil
        }
      }
      let before = unstatedSteps.count
      // A cancelled test (its time limit passed) stops waiting, and fails on the missing step.
      await withTaskCancellationHandler {
        await withCheckedContinuation { waiter = $0 }
      } onCancel: {
        Task { @MainActor [weak self] in
          self?.waiter?.resume()
          self?.waiter = nil
        }
      }
      timer.cancel()
      if unstatedSteps.count == before {
        reportFailure(
          """
          Expected \(count) handled step(s), but \(before) came within \(timeout) (the hang \
          guard); \(coordinator.pendingSteps) step(s) were waiting to be handled.

          Make the stepper emit (advance its clock, open what it waits for), or wait for fewer.
          """, fileID: fileID, filePath: filePath, line: line, column: column)
        return
      }
    }
  }

  /// Checks the steps handled since the last check, in order, as `"FlowType: step"`.
  public func expectSteps(
    _ expected: [String], fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    checkRootIsInWindow()
    let actual = unstatedSteps
    unstatedSteps.removeAll()
    guard actual != expected else { return }
    reportFailure(
      """
      The steps handled are not the expected ones. (− expected, + actual)

      \(difference(expected, actual))
      """, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Checks the rendered screen tree (see `Window.render()` of ReactorFlow).
  public func expectRendered(
    _ expected: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    checkRootIsInWindow()
    let actual = window.render()
    guard actual != expected else { return }
    reportFailure(
      """
      The screen tree is not the expected one. (− expected, + actual)

      \(difference(expected.split(separator: "\n").map(String.init), actual.split(separator: "\n").map(String.init)))
      """, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Checks, now — while the coordinator still runs — that every object tracked so far is
  /// released, waiting for the releases up to `timeout` (the hang guard, see ``HangGuard``).
  ///
  /// Call it right after ending a flow or dismissing a screen: an object the coordinator kept
  /// for its own lifetime would pass a check made only at the end, once the coordinator is gone.
  public func expectReleased(
    timeout: Duration = HangGuard.timeout, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    checkRootIsInWindow()
    await leaks.expectAllReleased(
      timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Ends the test: in exhaustive mode, fails on steps still pending (`coordinator.pendingSteps`)
  /// and on steps or diagnostics not stated; always fails on tracked objects not released
  /// (waited for up to `timeout`, the hang guard).
  ///
  /// A step still pending — in an asynchronous `adapt(step:)`, or accepted on another thread and
  /// waiting for the main actor — is work in flight, as a reactor's running task is for
  /// ``ReactorTester/finish(timeout:fileID:filePath:line:column:)``: wait for it with
  /// ``waitForSteps(_:timeout:fileID:filePath:line:column:)`` and state it, or end its flow.
  public func finish(
    timeout: Duration = HangGuard.timeout, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    checkRootIsInWindow()
    let pending = coordinator.pendingSteps
    if exhaustivity == .on, pending > 0 {
      reportFailure(
        """
        \(pending) step(s) are still pending at the end of the test: in an asynchronous \
        adapt(step:), queued behind one, or accepted on another thread and waiting for the main \
        actor.

        Let them arrive (open or advance what their adapt waits for) and wait for them with \
        `await tester.waitForSteps(…)`, then state them with `tester.expectSteps([…])`; or end \
        their flow; or use `exhaustivity: .off`.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    if exhaustivity == .on, !unstatedSteps.isEmpty {
      reportFailure(
        """
        \(unstatedSteps.count) handled step(s) were not stated: \(unstatedSteps.joined(separator: ", ")).

        State them with `tester.expectSteps([…])`, or use `exhaustivity: .off`.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    if exhaustivity == .on, !unstatedDiagnostics.isEmpty {
      reportFailure(
        """
        \(unstatedDiagnostics.count) diagnostic(s) were not stated:
        \(unstatedDiagnostics.map(\.description).joined(separator: "\n"))

        State them with `tester.expectDiagnostics([…])`, or fix what they report.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    await leaks.expectAllReleased(
      timeout: timeout, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Once the started flow has handled a step: fails the test, at `start`, if the flow's root is
  /// not in ``window`` (checked once).
  func checkRootIsInWindow() {
    guard let check = rootCheck, check.hasNavigated else { return }
    rootCheck = nil
    guard let problem = check.problem(in: window) else { return }
    reportFailure(
      problem, fileID: check.fileID, filePath: check.filePath, line: check.line, column: check.column)
  }

  private static func describe(_ event: NavigationEvent) -> String {
    "\(type(of: event.flow)): \(event.step)"
  }
}
