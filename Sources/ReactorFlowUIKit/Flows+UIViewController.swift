#if canImport(UIKit)
  // `Flows.use` and RxFlow's `Flows.whenReady` with view-controller roots: a block whose
  // parameters have no type annotation (`{ root1, root2 in … }`, as RxFlow apps write it) gets
  // `UIViewController`s. A block that annotates its parameters (`(root: UINavigationController)`)
  // takes the core's generic overloads. These win over ReactorFlowHeadless's `Screen` overloads
  // when a file imports both modules.
  extension Flows {
    /// One flow whose root is a view controller: the block's parameter needs no type annotation.
    public static func use(
      _ flow: Flow, when strategy: ExecuteStrategy, block: @escaping @MainActor (UIViewController) -> Void
    ) {
      schedule([flow], strategy) { (roots: [UIViewController]) in block(roots[0]) }
    }

    /// Two flows whose roots are view controllers: the block's parameters need no type annotation.
    public static func use(
      _ flow1: Flow, _ flow2: Flow, when strategy: ExecuteStrategy,
      block: @escaping @MainActor (UIViewController, UIViewController) -> Void
    ) {
      schedule([flow1, flow2], strategy) { (roots: [UIViewController]) in block(roots[0], roots[1]) }
    }

    /// Three flows whose roots are view controllers: the block's parameters need no type
    /// annotation.
    public static func use(
      _ flow1: Flow, _ flow2: Flow, _ flow3: Flow, when strategy: ExecuteStrategy,
      block: @escaping @MainActor (UIViewController, UIViewController, UIViewController) -> Void
    ) {
      schedule([flow1, flow2, flow3], strategy) { (roots: [UIViewController]) in
        block(roots[0], roots[1], roots[2])
      }
    }

    /// Four flows whose roots are view controllers: the block's parameters need no type
    /// annotation.
    public static func use(
      _ flow1: Flow, _ flow2: Flow, _ flow3: Flow, _ flow4: Flow, when strategy: ExecuteStrategy,
      block:
        @escaping @MainActor (UIViewController, UIViewController, UIViewController, UIViewController) -> Void
    ) {
      schedule([flow1, flow2, flow3, flow4], strategy) { (roots: [UIViewController]) in
        block(roots[0], roots[1], roots[2], roots[3])
      }
    }

    /// Five flows whose roots are view controllers: the block's parameters need no type
    /// annotation.
    public static func use(
      _ flow1: Flow, _ flow2: Flow, _ flow3: Flow, _ flow4: Flow, _ flow5: Flow,
      when strategy: ExecuteStrategy,
      block:
        @escaping @MainActor (
          UIViewController, UIViewController, UIViewController, UIViewController, UIViewController
        ) -> Void
    ) {
      schedule([flow1, flow2, flow3, flow4, flow5], strategy) { (roots: [UIViewController]) in
        block(roots[0], roots[1], roots[2], roots[3], roots[4])
      }
    }

    /// Any number of flows whose roots are view controllers: the block's parameter needs no type
    /// annotation.
    public static func use(
      _ flows: [Flow], when strategy: ExecuteStrategy,
      block: @escaping @MainActor ([UIViewController]) -> Void
    ) {
      schedule(flows, strategy, block)
    }

    /// RxFlow's `Flows.whenReady(flow1:block:)`, deprecated there: `use(flow1, when: .ready)`.
    public static func whenReady(flow1: Flow, block: @escaping @MainActor (UIViewController) -> Void) {
      use(flow1, when: .ready, block: block)
    }

    /// RxFlow's `Flows.whenReady(flow1:flow2:block:)`: `use(flow1, flow2, when: .ready)`.
    public static func whenReady(
      flow1: Flow, flow2: Flow, block: @escaping @MainActor (UIViewController, UIViewController) -> Void
    ) {
      use(flow1, flow2, when: .ready, block: block)
    }

    /// RxFlow's `Flows.whenReady(flow1:flow2:flow3:block:)`: `use(…, when: .ready)`.
    public static func whenReady(
      flow1: Flow, flow2: Flow, flow3: Flow,
      block: @escaping @MainActor (UIViewController, UIViewController, UIViewController) -> Void
    ) {
      use(flow1, flow2, flow3, when: .ready, block: block)
    }

    /// RxFlow's `Flows.whenReady(flow1:flow2:flow3:flow4:block:)`: `use(…, when: .ready)`.
    public static func whenReady(
      flow1: Flow, flow2: Flow, flow3: Flow, flow4: Flow,
      block:
        @escaping @MainActor (UIViewController, UIViewController, UIViewController, UIViewController) -> Void
    ) {
      use(flow1, flow2, flow3, flow4, when: .ready, block: block)
    }

    /// RxFlow's `Flows.whenReady(flow1:flow2:flow3:flow4:flow5:block:)`: `use(…, when: .ready)`.
    public static func whenReady(
      flow1: Flow, flow2: Flow, flow3: Flow, flow4: Flow, flow5: Flow,
      block:
        @escaping @MainActor (
          UIViewController, UIViewController, UIViewController, UIViewController, UIViewController
        ) -> Void
    ) {
      use(flow1, flow2, flow3, flow4, flow5, when: .ready, block: block)
    }

    /// RxFlow's `Flows.whenReady(flows:block:)`: `use(flows, when: .ready)`.
    public static func whenReady(flows: [Flow], block: @escaping @MainActor ([UIViewController]) -> Void) {
      use(flows, when: .ready, block: block)
    }
  }
#endif
