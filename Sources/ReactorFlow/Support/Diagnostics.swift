#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Where ReactorFlow reports misuse and lost work: what happened and how to fix it.
///
/// By default a diagnostic is written to standard error. Bind ``handler`` (a task-local value)
/// to collect them — ReactorFlowTesting's `withDiagnostics` does — or to route them to a logger;
/// tasks a reactor starts inherit it:
///
/// ```swift
/// ReactorFlowDiagnostics.$handler.withValue(.init { message in print("warning: \(message)") }) {
///   FlowCoordinator().navigate(to: AppStep.homeIsRequired)
/// }
/// ```
public enum ReactorFlowDiagnostics {
  /// Receives diagnostics.
  ///
  /// A struct around the closure, not the closure itself: with Swift 6.3 on Linux, binding a
  /// task-local value of a function type crashes an optimized build (measured:
  /// `swift_task_localValuePush` dereferences a bad pointer, with `withValue` synchronous or
  /// asynchronous, the closure optional or not); a struct that holds it does not.
  public struct Handler: Sendable {
    /// Called with each diagnostic.
    public let receive: @Sendable (String) -> Void

    /// A handler that calls `receive` with each diagnostic.
    public init(_ receive: @escaping @Sendable (String) -> Void) {
      self.receive = receive
    }
  }

  /// Receives every diagnostic reported in this task and the tasks it starts; `nil` writes to
  /// standard error.
  @TaskLocal public static var handler: Handler?

  /// Reports `message`.
  public static func emit(_ message: String) {
    if let handler {
      handler.receive(message)
    } else {
      var line = "[ReactorFlow] \(message)\n"
      line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
    }
  }
}
