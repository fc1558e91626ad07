import ReactorFlow

/// The first entry at which two journals differ, as `reactorflow-journal diff` reports it: a
/// session recorded twice, or a recorded session against its replay.
///
/// Entries are compared by what happened — their kind, their source and what they carry (a
/// payload's type and description, a state's encoded form, a text, a gesture), as a replay
/// matches them — not by when: a replay runs at another pace.
///
/// ```swift
/// let recorded = Journal(entries: [])
/// let replayed = Journal(entries: [])
/// if let difference = recorded.firstDifference(from: replayed) { print(difference) }
/// ```
public struct JournalDifference: Sendable, Equatable, CustomStringConvertible {
  /// How the entries at ``index`` differ.
  public enum Reason: Sendable, Equatable {
    /// Both journals have an entry there, of different kinds.
    case kind
    /// Both have an entry of the same kind there, at different sources.
    case source
    /// Both have an entry of the same kind at the same source there, carrying different values.
    case content
    /// The first journal goes on; the second ended before this entry.
    case onlyInFirst
    /// The second journal goes on; the first ended before this entry.
    case onlyInSecond
  }

  /// The index, in both journals' `entries`, of the first entry that differs.
  public var index: Int
  /// How they differ.
  public var reason: Reason
  /// The first journal's entry there, described (`step at AppFlow/0: showList`); `nil` when it
  /// has none.
  public var first: String?
  /// The second journal's entry there, described; `nil` when it has none.
  public var second: String?

  /// A difference at `index`.
  public init(index: Int, reason: Reason, first: String?, second: String?) {
    self.index = index
    self.reason = reason
    self.first = first
    self.second = second
  }

  /// `Entry 12 differs (content): the first has …, the second has …`, the journals' texts
  /// escaped.
  public var description: String {
    let escaped = ReactorFlowDiagnostics.escaped
    let first = self.first.map { escaped($0) } ?? "nothing (it ended)"
    let second = self.second.map { escaped($0) } ?? "nothing (it ended)"
    let how: String
    switch reason {
    case .kind: how = "another kind of entry"
    case .source: how = "the same kind of entry at another source"
    case .content: how = "the same entry carrying another value"
    case .onlyInFirst: how = "the second journal ended before it"
    case .onlyInSecond: how = "the first journal ended before it"
    }
    return "Entry \(index) differs (\(how)): the first has \(first); the second has \(second)."
  }
}

extension Journal {
  /// The first entry at which this journal and `other` differ, or `nil` when they hold the same
  /// entries (their times aside).
  public func firstDifference(from other: Journal) -> JournalDifference? {
    let mine = entries
    let theirs = other.entries
    for index in 0..<max(mine.count, theirs.count) {
      guard index < mine.count else {
        return JournalDifference(
          index: index, reason: .onlyInSecond, first: nil, second: Self.summary(of: theirs[index]))
      }
      guard index < theirs.count else {
        return JournalDifference(
          index: index, reason: .onlyInFirst, first: Self.summary(of: mine[index]), second: nil)
      }
      let (a, b) = (mine[index], theirs[index])
      let reason: JournalDifference.Reason?
      if a.event.kind != b.event.kind {
        reason = .kind
      } else if a.source != b.source {
        reason = .source
      } else if !a.event.isSame(as: b.event) {
        reason = .content
      } else {
        reason = nil
      }
      if let reason {
        return JournalDifference(
          index: index, reason: reason, first: Self.summary(of: a), second: Self.summary(of: b))
      }
    }
    return nil
  }

  /// `step at AppFlow/0: showList`, unescaped.
  package static func summary(of entry: JournalEntry) -> String {
    let (label, text) = describe(entry.event)
    return "\(label) at \(entry.source)" + (text.isEmpty ? "" : ": \(text)")
  }
}
