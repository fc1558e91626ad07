/// A step that can mark where restoring an app's navigation from a journal must stop: a sign-in,
/// a PIN. Restoration replays the journal's navigation inputs and never passes a gate: once a
/// gate step has been handled, it stops, and the user goes on from there.
///
/// ```swift
/// enum DiaryStep: Step, RestorationGate {
///   case entriesAreRequired
///   case pinIsRequired
///   case privateNotesAreRequired
///
///   var isRestorationGate: Bool { self == .pinIsRequired }
/// }
/// ```
public protocol RestorationGate: Step {
  /// Whether restoration stops once this step has been handled.
  var isRestorationGate: Bool { get }
}
