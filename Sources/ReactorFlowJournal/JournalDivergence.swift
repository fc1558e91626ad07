import ReactorFlow

/// The first entry of a recorded journal that a replay, or a restoration, did not reproduce.
public struct JournalDivergence: Error, Sendable, Equatable, CustomStringConvertible {
  /// Why the replay stopped there.
  public enum Reason: Sendable, Equatable {
    /// The fresh app did something else (``JournalDivergence/actual``).
    case differs
    /// The fresh app did nothing of that kind there.
    case missing
    /// The recorded input could not be fed: nothing sits at its source, the gesture is not
    /// available, or its value cannot be rebuilt (``JournalDivergence/actual`` says which).
    case cannotFeed
    /// The fresh app did something that was not recorded (``JournalDivergence/actual``): an input
    /// it produced by itself — an action, a step — or, of a kind being checked, a mutation or a
    /// navigation event, which no entry recorded later is either. ``JournalDivergence/index`` is
    /// the recorded entry the replay had walked when it found it, ``JournalDivergence/kind`` and
    /// ``JournalDivergence/source`` are the app's entry's.
    case unexpected
  }

  /// The entry's index in the recorded journal's `Journal.entries`.
  public var index: Int
  /// The entry's kind.
  public var kind: JournalEntry.Kind
  /// Where the entry happened.
  public var source: JournalSource
  /// Why the replay stopped there.
  public var reason: Reason
  /// What the recorded entry says happened; for ``Reason/unexpected``, that nothing was recorded
  /// there (``nothingRecorded``).
  public var expected: String
  /// What happened in the replay instead (or why the input could not be fed).
  public var actual: String

  /// The ``expected`` of an ``Reason/unexpected`` entry: nothing of it was recorded.
  public static let nothingRecorded = "nothing was recorded there"

  /// A divergence at the entry `index` of a recorded journal.
  package init(
    index: Int, kind: JournalEntry.Kind, source: JournalSource, reason: Reason, expected: String,
    actual: String
  ) {
    self.index = index
    self.kind = kind
    self.source = source
    self.reason = reason
    self.expected = expected
    self.actual = actual
  }

  /// `Entry 12 (mutation at AppFlow/0 > ListReactor/0): expected setItems(["tea"]), but the app did setItems([])`,
  /// its untrusted parts escaped.
  public var description: String {
    let quoted = ReactorFlowDiagnostics.escaped
    let head = "Entry \(index) (\(kind.rawValue) at \(quoted(source.description)))"
    switch reason {
    case .differs:
      return "\(head): expected \(quoted(expected)), but the app did \(quoted(actual))."
    case .missing:
      let why = actual.isEmpty ? "." : ": \(quoted(actual))"
      return "\(head): expected \(quoted(expected)), but the app did nothing of the kind there\(why)"
    case .cannotFeed:
      return "\(head): could not feed \(quoted(expected)): \(quoted(actual))"
    case .unexpected:
      return "\(head): \(quoted(expected)), but the app did \(quoted(actual))."
    }
  }
}
