// RxFlow's `Flows.whenReady` — deprecated in RxFlow in favour of `Flows.use(…, when: .ready)` —
// kept so that ported code compiles unchanged. The roots are typed by the block, as with
// `Flows.use`; ReactorFlowHeadless (screens) and ReactorFlowUIKit (view controllers) add
// overloads whose block needs no type annotation.
extension Flows {
  /// RxFlow's `Flows.whenReady(flow1:block:)`: runs `block` once `flow1` is ready — prefer
  /// `Flows.use(flow1, when: .ready)`.
  public static func whenReady<Root: Presentable>(
    flow1: Flow, block: @escaping @MainActor (Root) -> Void
  ) {
    use(flow1, when: .ready, block: block)
  }

  /// RxFlow's `Flows.whenReady(flow1:flow2:block:)` — prefer `Flows.use(flow1, flow2, when: .ready)`.
  public static func whenReady<R1: Presentable, R2: Presentable>(
    flow1: Flow, flow2: Flow, block: @escaping @MainActor (R1, R2) -> Void
  ) {
    use(flow1, flow2, when: .ready, block: block)
  }

  /// RxFlow's `Flows.whenReady(flow1:flow2:flow3:block:)` — prefer `Flows.use(…, when: .ready)`.
  public static func whenReady<R1: Presentable, R2: Presentable, R3: Presentable>(
    flow1: Flow, flow2: Flow, flow3: Flow, block: @escaping @MainActor (R1, R2, R3) -> Void
  ) {
    use(flow1, flow2, flow3, when: .ready, block: block)
  }

  /// RxFlow's `Flows.whenReady(flow1:flow2:flow3:flow4:block:)` — prefer
  /// `Flows.use(…, when: .ready)`.
  public static func whenReady<R1: Presentable, R2: Presentable, R3: Presentable, R4: Presentable>(
    flow1: Flow, flow2: Flow, flow3: Flow, flow4: Flow, block: @escaping @MainActor (R1, R2, R3, R4) -> Void
  ) {
    use(flow1, flow2, flow3, flow4, when: .ready, block: block)
  }

  /// RxFlow's `Flows.whenReady(flow1:flow2:flow3:flow4:flow5:block:)` — prefer
  /// `Flows.use(…, when: .ready)`.
  public static func whenReady<
    R1: Presentable, R2: Presentable, R3: Presentable, R4: Presentable, R5: Presentable
  >(
    flow1: Flow, flow2: Flow, flow3: Flow, flow4: Flow, flow5: Flow,
    block: @escaping @MainActor (R1, R2, R3, R4, R5) -> Void
  ) {
    use(flow1, flow2, flow3, flow4, flow5, when: .ready, block: block)
  }

  /// RxFlow's `Flows.whenReady(flows:block:)` — prefer `Flows.use(flows, when: .ready)`.
  public static func whenReady<Root: Presentable>(
    flows: [Flow], block: @escaping @MainActor ([Root]) -> Void
  ) {
    use(flows, when: .ready, block: block)
  }
}
