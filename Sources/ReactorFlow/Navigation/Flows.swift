/// Runs a block with the roots of one or more flows, when they are created or when they are all
/// ready (each has handled its first step) — typically to put them on screen.
///
/// ```swift
/// Flows.use(wishlistFlow, watchedFlow, when: .ready) { (root1: NavigationStack, root2: NavigationStack) in
///   tabBar.setViewControllers([root1, root2])
/// }
/// ```
///
/// A root of another type than the block expects is reported on the coordinator's diagnostics
/// and the block is not called — never a crash.
@MainActor
public enum Flows {
  /// When the block runs.
  public enum ExecuteStrategy: Sendable {
    /// At once.
    case created
    /// Once every listed flow has handled its first step — whether the block was given in a
    /// flow's `navigate(to:)` or before a coordinator runs the flows (an app's set-up).
    case ready
  }

  /// One flow, root typed by the block.
  public static func use<Root: Presentable>(
    _ flow: Flow, when strategy: ExecuteStrategy, block: @escaping @MainActor (Root) -> Void
  ) {
    schedule([flow], strategy) { roots in block(roots[0]) }
  }

  /// Two flows.
  public static func use<R1: Presentable, R2: Presentable>(
    _ flow1: Flow, _ flow2: Flow, when strategy: ExecuteStrategy,
    block: @escaping @MainActor (R1, R2) -> Void
  ) {
    scheduleRoots([flow1, flow2], strategy) { (roots: [Presentable], flows: [Flow]) in
      guard let r1: R1 = cast(roots[0], flows[0]), let r2: R2 = cast(roots[1], flows[1]) else { return }
      block(r1, r2)
    }
  }

  /// Three flows.
  public static func use<R1: Presentable, R2: Presentable, R3: Presentable>(
    _ flow1: Flow, _ flow2: Flow, _ flow3: Flow, when strategy: ExecuteStrategy,
    block: @escaping @MainActor (R1, R2, R3) -> Void
  ) {
    scheduleRoots([flow1, flow2, flow3], strategy) { (roots: [Presentable], flows: [Flow]) in
      guard let r1: R1 = cast(roots[0], flows[0]), let r2: R2 = cast(roots[1], flows[1]),
        let r3: R3 = cast(roots[2], flows[2])
      else { return }
      block(r1, r2, r3)
    }
  }

  /// Four flows.
  public static func use<R1: Presentable, R2: Presentable, R3: Presentable, R4: Presentable>(
    _ flow1: Flow, _ flow2: Flow, _ flow3: Flow, _ flow4: Flow, when strategy: ExecuteStrategy,
    block: @escaping @MainActor (R1, R2, R3, R4) -> Void
  ) {
    scheduleRoots([flow1, flow2, flow3, flow4], strategy) { (roots: [Presentable], flows: [Flow]) in
      guard let r1: R1 = cast(roots[0], flows[0]), let r2: R2 = cast(roots[1], flows[1]),
        let r3: R3 = cast(roots[2], flows[2]), let r4: R4 = cast(roots[3], flows[3])
      else { return }
      block(r1, r2, r3, r4)
    }
  }

  /// Five flows.
  public static func use<
    R1: Presentable, R2: Presentable, R3: Presentable, R4: Presentable, R5: Presentable
  >(
    _ flow1: Flow, _ flow2: Flow, _ flow3: Flow, _ flow4: Flow, _ flow5: Flow,
    when strategy: ExecuteStrategy, block: @escaping @MainActor (R1, R2, R3, R4, R5) -> Void
  ) {
    scheduleRoots([flow1, flow2, flow3, flow4, flow5], strategy) { (roots: [Presentable], flows: [Flow]) in
      guard let r1: R1 = cast(roots[0], flows[0]), let r2: R2 = cast(roots[1], flows[1]),
        let r3: R3 = cast(roots[2], flows[2]), let r4: R4 = cast(roots[3], flows[3]),
        let r5: R5 = cast(roots[4], flows[4])
      else { return }
      block(r1, r2, r3, r4, r5)
    }
  }

  /// Any number of flows whose roots share a type.
  public static func use<Root: Presentable>(
    _ flows: [Flow], when strategy: ExecuteStrategy, block: @escaping @MainActor ([Root]) -> Void
  ) {
    schedule(flows, strategy, block)
  }

  // MARK: - Implementation

  /// Runs `block` with the flows' roots cast to `Root` (package access: the headless module's
  /// `Screen` overload uses it).
  package static func schedule<Root: Presentable>(
    _ flows: [Flow], _ strategy: ExecuteStrategy, _ block: @escaping @MainActor ([Root]) -> Void
  ) {
    scheduleRoots(flows, strategy) { (roots: [Presentable], flows: [Flow]) in
      var typed: [Root] = []
      for (root, flow) in zip(roots, flows) {
        guard let root: Root = cast(root, flow) else { return }
        typed.append(root)
      }
      block(typed)
    }
  }

  /// `block` gets the flows too, rather than capturing them: a block waiting outside
  /// `navigate(to:)` must not keep its flows alive.
  private static func scheduleRoots(
    _ flows: [Flow], _ strategy: ExecuteStrategy,
    _ block: @escaping @MainActor ([Presentable], [Flow]) -> Void
  ) {
    let run: @MainActor () -> Void = { block(flows.map(\.root), flows) }
    switch strategy {
    case .created:
      run()
    case .ready:
      if let coordinator = FlowCoordinator.navigating {
        coordinator.whenReady(flows, run)
      } else {
        // In an app's set-up: waits until a coordinator has the flows ready, as in RxFlow.
        PendingReadiness.add(flows) { flows in block(flows.map(\.root), flows) }
      }
    }
  }

  private static func cast<Root>(_ root: Presentable, _ flow: Flow) -> Root? {
    if let typed = root as? Root { return typed }
    report(.wrongRootType(flow: "\(type(of: flow))", expected: "\(Root.self)", actual: "\(type(of: root))"))
    return nil
  }

  private static func report(_ diagnostic: FlowDiagnostic) {
    if let coordinator = FlowCoordinator.navigating {
      coordinator.report(diagnostic)
    } else {
      ReactorFlowDiagnostics.emit(ReactorFlowDiagnostics.Diagnostic(diagnostic))
    }
  }
}
