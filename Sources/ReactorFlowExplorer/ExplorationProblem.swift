/// A problem the explorer found on a path, with the shortest path that reproduces it.
public struct ExplorationProblem: Sendable, Hashable {
  /// What kind of problem it is.
  public enum Kind: String, Sendable, Hashable {
    /// ReactorFlow reported a diagnostic: a dropped or unhandled step, misuse.
    case diagnostic
    /// Something the app created was still alive after the app was torn down.
    case leak
    /// A flow still runs though its root was dismissed.
    case flowOutlivedRoot
    /// A state no user input leaves (and not marked terminal), or only inputs that need a
    /// secret (and not marked a gate).
    case stuck
    /// A check of the exploration failed on a state.
    case check
    /// An input the path used was not available when the path was replayed: the app does not
    /// behave the same way twice.
    case nondeterminism
  }

  /// What kind of problem it is.
  public let kind: Kind
  /// What happened.
  public let message: String
  /// The shortest path from launch that reproduces it.
  public let path: [ExplorationInput]
  /// The state it shows in (``ExploredState/id``).
  public let stateID: Int
  /// The path as a test to paste into a regression suite.
  public let script: String

  /// One paragraph: the kind, the message, the path.
  public var summary: String {
    let steps = path.isEmpty ? "at launch" : path.map(\.description).joined(separator: " → ")
    return "[\(kind.rawValue)] \(message)\n  path (\(path.count)): \(steps)"
  }
}
