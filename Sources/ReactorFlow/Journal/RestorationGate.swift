/// A step that marks a gate restoration stops at — a sign-in, a PIN — or the way through one.
///
/// Restoring an app's navigation from a journal replays its navigation inputs and never passes a
/// gate for the user: once a gate step has been handled, it stops, and the user goes on from
/// there. It goes on past the gate only once the app, in this run, takes a step that
/// ``passesRestorationGate`` (the step of a successful sign-in): what the user does at the gate
/// otherwise — opening Help, a wrong PIN — never passes it, even when the last session took the
/// same step after it had passed.
///
/// ```swift
/// enum DiaryStep: Step, RestorationGate {
///   case entriesAreRequired
///   case pinIsRequired
///   case privateNotesAreRequired
///
///   var isRestorationGate: Bool { self == .pinIsRequired }
///   var passesRestorationGate: Bool { self == .privateNotesAreRequired }
/// }
/// ```
///
/// A gate that no step passes (none returns `true`) ends restoration there for good.
public protocol RestorationGate: Step {
  /// Whether restoration stops once this step has been handled.
  var isRestorationGate: Bool { get }
  /// Whether this step is the way through a gate: restoration, stopped at a gate, goes on once
  /// the app takes it in this run. `false` unless a type says otherwise.
  var passesRestorationGate: Bool { get }
}

extension RestorationGate {
  /// No step passes a gate unless its type says so.
  public var passesRestorationGate: Bool { false }
}
