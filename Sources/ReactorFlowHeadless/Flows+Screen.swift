import ReactorFlow

// `Flows.use` and RxFlow's `Flows.whenReady` with screen-tree roots: a block whose parameters
// have no type annotation (`{ root1, root2 in … }`) gets `Screen`s — a `NavigationStack` or a
// `TabBar` is one. A block that annotates its parameters (`(root: NavigationStack)`) takes the
// core's generic overloads. The `UIViewController` overloads of ReactorFlowUIKit win over these
// when a file imports both modules.
extension Flows {
  /// One flow whose root is a ``Screen`` — or any screen container (``NavigationStack``,
  /// ``TabBar``), so the block's parameter needs no type annotation.
  @_disfavoredOverload
  public static func use(
    _ flow: Flow, when strategy: ExecuteStrategy, block: @escaping @MainActor (Screen) -> Void
  ) {
    schedule([flow], strategy) { (roots: [Screen]) in block(roots[0]) }
  }

  /// Two flows whose roots are screens: the block's parameters need no type annotation.
  @_disfavoredOverload
  public static func use(
    _ flow1: Flow, _ flow2: Flow, when strategy: ExecuteStrategy,
    block: @escaping @MainActor (Screen, Screen) -> Void
  ) {
    schedule([flow1, flow2], strategy) { (roots: [Screen]) in block(roots[0], roots[1]) }
  }

  /// Three flows whose roots are screens: the block's parameters need no type annotation.
  @_disfavoredOverload
  public static func use(
    _ flow1: Flow, _ flow2: Flow, _ flow3: Flow, when strategy: ExecuteStrategy,
    block: @escaping @MainActor (Screen, Screen, Screen) -> Void
  ) {
    schedule([flow1, flow2, flow3], strategy) { (roots: [Screen]) in block(roots[0], roots[1], roots[2]) }
  }

  /// Four flows whose roots are screens: the block's parameters need no type annotation.
  @_disfavoredOverload
  public static func use(
    _ flow1: Flow, _ flow2: Flow, _ flow3: Flow, _ flow4: Flow, when strategy: ExecuteStrategy,
    block: @escaping @MainActor (Screen, Screen, Screen, Screen) -> Void
  ) {
    schedule([flow1, flow2, flow3, flow4], strategy) { (roots: [Screen]) in
      block(roots[0], roots[1], roots[2], roots[3])
    }
  }

  /// Five flows whose roots are screens: the block's parameters need no type annotation.
  @_disfavoredOverload
  public static func use(
    _ flow1: Flow, _ flow2: Flow, _ flow3: Flow, _ flow4: Flow, _ flow5: Flow,
    when strategy: ExecuteStrategy,
    block: @escaping @MainActor (Screen, Screen, Screen, Screen, Screen) -> Void
  ) {
    schedule([flow1, flow2, flow3, flow4, flow5], strategy) { (roots: [Screen]) in
      block(roots[0], roots[1], roots[2], roots[3], roots[4])
    }
  }

  /// Any number of flows whose roots are screens: the block's parameter needs no type
  /// annotation.
  @_disfavoredOverload
  public static func use(
    _ flows: [Flow], when strategy: ExecuteStrategy, block: @escaping @MainActor ([Screen]) -> Void
  ) {
    schedule(flows, strategy, block)
  }

  /// RxFlow's `Flows.whenReady(flow1:block:)`, deprecated there: `use(flow1, when: .ready)`.
  @_disfavoredOverload
  public static func whenReady(flow1: Flow, block: @escaping @MainActor (Screen) -> Void) {
    use(flow1, when: .ready, block: block)
  }

  /// RxFlow's `Flows.whenReady(flow1:flow2:block:)`: `use(flow1, flow2, when: .ready)`.
  @_disfavoredOverload
  public static func whenReady(
    flow1: Flow, flow2: Flow, block: @escaping @MainActor (Screen, Screen) -> Void
  ) {
    use(flow1, flow2, when: .ready, block: block)
  }

  /// RxFlow's `Flows.whenReady(flow1:flow2:flow3:block:)`: `use(…, when: .ready)`.
  @_disfavoredOverload
  public static func whenReady(
    flow1: Flow, flow2: Flow, flow3: Flow, block: @escaping @MainActor (Screen, Screen, Screen) -> Void
  ) {
    use(flow1, flow2, flow3, when: .ready, block: block)
  }

  /// RxFlow's `Flows.whenReady(flow1:flow2:flow3:flow4:block:)`: `use(…, when: .ready)`.
  @_disfavoredOverload
  public static func whenReady(
    flow1: Flow, flow2: Flow, flow3: Flow, flow4: Flow,
    block: @escaping @MainActor (Screen, Screen, Screen, Screen) -> Void
  ) {
    use(flow1, flow2, flow3, flow4, when: .ready, block: block)
  }

  /// RxFlow's `Flows.whenReady(flow1:flow2:flow3:flow4:flow5:block:)`: `use(…, when: .ready)`.
  @_disfavoredOverload
  public static func whenReady(
    flow1: Flow, flow2: Flow, flow3: Flow, flow4: Flow, flow5: Flow,
    block: @escaping @MainActor (Screen, Screen, Screen, Screen, Screen) -> Void
  ) {
    use(flow1, flow2, flow3, flow4, flow5, when: .ready, block: block)
  }

  /// RxFlow's `Flows.whenReady(flows:block:)`: `use(flows, when: .ready)`.
  @_disfavoredOverload
  public static func whenReady(flows: [Flow], block: @escaping @MainActor ([Screen]) -> Void) {
    use(flows, when: .ready, block: block)
  }
}
