import CustomDump
import ReactorFlow
import ReactorFlowHeadless
import Testing

/// Tests navigation: starts a flow on a headless window, lets steppers emit or sends steps, and
/// checks the rendered screen tree, the steps each flow handled, the diagnostics, and that what
/// was dismissed or ended was released.
///
/// ```swift
/// @MainActor @Test func home() async {
///   let tester = FlowTester()
///   let flow = tester.track(AppFlow(window: tester.window))
///   tester.start(flow, with: AppStepper())
///   tester.expectSteps(["AppFlow: launchIsRequired"])
///   tester.expectRendered("""
///     window
///       screen "Launch" *
///     """)
///   await tester.finish()
/// }
/// ```
///
/// Exhaustive by default: every handled step must be stated with ``expectSteps(_:sourceLocation:)``
/// and every diagnostic with `expectDiagnostics(_:)` before ``finish(timeout:sourceLocation:)``.
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
  public private(set) var unstatedDiagnostics: [FlowDiagnostic] = []
  private let bag = DisposeBag()
  private var waiter: CheckedContinuation<Void, Never>?

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
      waiter?.resume()
      waiter = nil
    }
    .disposed(by: bag)
    coordinator.onDiagnostic { [unowned self] diagnostic in
      unstatedDiagnostics.append(diagnostic)
    }
    .disposed(by: bag)
  }

  /// Tracks `object`: ``finish(timeout:sourceLocation:)`` fails if it is still alive then.
  @discardableResult
  public func track<T: AnyObject>(_ object: T, _ name: String? = nil) -> T {
    leaks.track(object, name)
  }

  /// Starts `flow` as the root flow.
  public func start(_ flow: Flow, with stepper: Stepper) {
    coordinator.coordinate(flow: flow, with: stepper)
  }

  /// Sends `step` to every live flow (a deep link).
  public func navigate(to step: Step) {
    coordinator.navigate(to: step)
  }

  /// Waits until at least `count` handled steps are waiting to be stated (steps emitted by
  /// asynchronous work arrive later). The wait ends with the step that makes the count, however
  /// busy the machine is; it fails only after `timeout` — a hang guard, not a measure (see
  /// ``HangGuard``).
  public func waitForSteps(
    _ count: Int = 1, timeout: Duration = HangGuard.timeout,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
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
        Issue.record(
          """
          Expected \(count) handled step(s), but \(before) came within \(timeout) (the hang \
          guard); \(coordinator.pendingSteps) step(s) were waiting to be handled.

          Make the stepper emit (advance its clock, open what it waits for), or wait for fewer.
          """, sourceLocation: sourceLocation)
        return
      }
    }
  }

  /// Checks the steps handled since the last check, in order, as `"FlowType: step"`.
  public func expectSteps(_ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = unstatedSteps
    unstatedSteps.removeAll()
    guard actual != expected else { return }
    Issue.record(
      """
      The steps handled are not the expected ones. (− expected, + actual)

      \(difference(expected, actual))
      """, sourceLocation: sourceLocation)
  }

  /// Checks the rendered screen tree (see `Window.render()` of ReactorFlow).
  public func expectRendered(_ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = window.render()
    guard actual != expected else { return }
    Issue.record(
      """
      The screen tree is not the expected one. (− expected, + actual)

      \(difference(expected.split(separator: "\n").map(String.init), actual.split(separator: "\n").map(String.init)))
      """, sourceLocation: sourceLocation)
  }

  /// Checks the diagnostics reported since the last check, by case, in order.
  ///
  /// ```swift
  /// @MainActor @Test func unknownLink() async {
  ///   let tester = FlowTester()
  ///   tester.start(AppFlow(window: tester.window), with: AppStepper())
  ///   tester.coordinator.navigate(toDeepLink: "myapp://nowhere", with: DeepLinkRouter(scheme: "myapp"))
  ///   tester.expectDiagnostics([.rejectedDeepLink(.unknownRoute("nowhere"))])
  /// }
  /// ```
  public func expectDiagnostics(
    _ expected: [FlowDiagnostic], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let actual = unstatedDiagnostics
    unstatedDiagnostics.removeAll()
    guard actual != expected else { return }
    Issue.record(
      """
      The diagnostics are not the expected ones. (− expected, + actual)

      \(difference(expected.map(\.description), actual.map(\.description)))
      """, sourceLocation: sourceLocation)
  }

  /// Checks the diagnostics reported since the last check by their text: each expected string must
  /// be part of one diagnostic's message, in order. Prefer the cases
  /// (the overload that takes `FlowDiagnostic` values): a case states the whole diagnostic.
  public func expectDiagnostics(_ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = unstatedDiagnostics.map(\.description)
    unstatedDiagnostics.removeAll()
    let matches =
      actual.count == expected.count && zip(actual, expected).allSatisfy { $0.contains($1) }
    guard !matches else { return }
    Issue.record(
      """
      The diagnostics are not the expected ones. (− expected, + actual)

      \(difference(expected, actual))
      """, sourceLocation: sourceLocation)
  }

  /// Checks, now — while the coordinator still runs — that every object tracked so far is
  /// released, waiting for the releases up to `timeout` (the hang guard, see ``HangGuard``).
  ///
  /// Call it right after ending a flow or dismissing a screen: an object the coordinator kept
  /// for its own lifetime would pass a check made only at the end, once the coordinator is gone.
  public func expectReleased(
    timeout: Duration = HangGuard.timeout, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    await leaks.expectAllReleased(timeout: timeout, sourceLocation: sourceLocation)
  }

  /// Ends the test: in exhaustive mode, fails on steps still pending (`coordinator.pendingSteps`)
  /// and on steps or diagnostics not stated; always fails on tracked objects not released
  /// (waited for up to `timeout`, the hang guard).
  ///
  /// A step still pending — in an asynchronous `adapt(step:)`, or accepted on another thread and
  /// waiting for the main actor — is work in flight, as a reactor's running task is for
  /// ``ReactorTester/finish(timeout:sourceLocation:)``: wait for it with
  /// ``waitForSteps(_:timeout:sourceLocation:)`` and state it, or end its flow.
  public func finish(
    timeout: Duration = HangGuard.timeout, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let pending = coordinator.pendingSteps
    if exhaustivity == .on, pending > 0 {
      Issue.record(
        """
        \(pending) step(s) are still pending at the end of the test: in an asynchronous \
        adapt(step:), queued behind one, or accepted on another thread and waiting for the main \
        actor.

        Let them arrive (open or advance what their adapt waits for) and wait for them with \
        `await tester.waitForSteps(…)`, then state them with `tester.expectSteps([…])`; or end \
        their flow; or use `exhaustivity: .off`.
        """, sourceLocation: sourceLocation)
    }
    if exhaustivity == .on, !unstatedSteps.isEmpty {
      Issue.record(
        """
        \(unstatedSteps.count) handled step(s) were not stated: \(unstatedSteps.joined(separator: ", ")).

        State them with `tester.expectSteps([…])`, or use `exhaustivity: .off`.
        """, sourceLocation: sourceLocation)
    }
    if exhaustivity == .on, !unstatedDiagnostics.isEmpty {
      Issue.record(
        """
        \(unstatedDiagnostics.count) diagnostic(s) were not stated:
        \(unstatedDiagnostics.map(\.description).joined(separator: "\n"))

        State them with `tester.expectDiagnostics([…])`, or fix what they report.
        """, sourceLocation: sourceLocation)
    }
    await leaks.expectAllReleased(timeout: timeout, sourceLocation: sourceLocation)
  }

  private static func describe(_ event: NavigationEvent) -> String {
    "\(type(of: event.flow)): \(event.step)"
  }
}
