import ReactorFlow

extension Flows {
  /// One flow whose root is a ``Screen`` — or any screen container (``NavigationStack``,
  /// ``TabBar``), so the block's parameter needs no type annotation.
  public static func use(
    _ flow: Flow, when strategy: ExecuteStrategy, block: @escaping @MainActor (Screen) -> Void
  ) {
    schedule([flow], strategy) { roots in block(roots[0]) }
  }
}
