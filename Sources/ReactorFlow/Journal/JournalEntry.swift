/// When an entry of a ``Journal`` happened: its place in the recording's order and the time
/// elapsed since the recording started, by the recorder's clock.
public struct JournalTime: Hashable, Sendable, Comparable {
  /// The entry's number in the recording, from 1, increasing by one per recorded entry (an entry
  /// a ring buffer dropped leaves a gap).
  public var sequence: UInt64
  /// The time elapsed between the start of the recording and the entry.
  public var offset: Duration

  /// A time: entry `sequence`, `offset` after the start.
  public init(sequence: UInt64, offset: Duration) {
    self.sequence = sequence
    self.offset = offset
  }

  /// Orders by sequence number (then by offset, which a recorder's entries never need).
  public static func < (lhs: JournalTime, rhs: JournalTime) -> Bool {
    (lhs.sequence, lhs.offset) < (rhs.sequence, rhs.offset)
  }
}

/// A user gesture on the screen tree, as a journal records it.
public enum JournalGesture: Hashable, Sendable, CustomStringConvertible {
  /// The back button or the edge swipe of a navigation stack.
  case back
  /// A modal swiped down (dismissed interactively).
  case swipeDown
  /// A tab selected, by its index.
  case selectTab(Int)

  /// `back`, `swipe down` or `select tab 2`.
  public var description: String {
    switch self {
    case .back: return "back"
    case .swipeDown: return "swipe down"
    case .selectTab(let index): return "select tab \(index)"
    }
  }
}

/// One thing that happened, as a ``Journal`` records it: when, where, and what.
public struct JournalEntry: Sendable {
  /// What happened. The first five are the app's inputs and the effects' outputs (what replay
  /// feeds); the others are recorded for checking.
  public enum Event: Sendable {
    /// An action sent to the source reactor from outside it.
    case action(JournalPayload)
    /// A step emitted by the source (a screen or a stepper).
    case step(JournalPayload)
    /// A deep link opened, as its text.
    case deepLink(String)
    /// A user gesture on the source screen.
    case gesture(JournalGesture)
    /// A value delivered by the source reactor's effect number `effect` (its `.run` operations
    /// and the asynchronous sequences in its effects, numbered from 0 in the order they start).
    case effectOutput(effect: Int, JournalPayload)
    /// A mutation the source reactor applied.
    case mutation(JournalPayload)
    /// A navigation event of the source flow (a push, a presentation, a dismissal…), described.
    case navigation(String)
    /// A diagnostic reported while the source was running.
    case diagnostic(String)
    /// The source reactor's state at a checkpoint.
    case stateSnapshot(JournalPayload)
    /// The rendered screen tree at a checkpoint, as text.
    case renderedTree(String)

    /// The event's kind.
    public var kind: JournalEntry.Kind {
      switch self {
      case .action: return .action
      case .step: return .step
      case .deepLink: return .deepLink
      case .gesture: return .gesture
      case .effectOutput: return .effectOutput
      case .mutation: return .mutation
      case .navigation: return .navigation
      case .diagnostic: return .diagnostic
      case .stateSnapshot: return .stateSnapshot
      case .renderedTree: return .renderedTree
      }
    }

    /// The value the event carries, if it carries one.
    public var payload: JournalPayload? {
      switch self {
      case .action(let payload), .step(let payload), .effectOutput(_, let payload), .mutation(let payload),
        .stateSnapshot(let payload):
        return payload
      case .deepLink, .gesture, .navigation, .diagnostic, .renderedTree:
        return nil
      }
    }
  }

  /// The kinds of ``Event``, by the names a journal file uses.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// ``JournalEntry/Event/action(_:)``.
    case action
    /// ``JournalEntry/Event/step(_:)``.
    case step
    /// ``JournalEntry/Event/deepLink(_:)``.
    case deepLink
    /// ``JournalEntry/Event/gesture(_:)``.
    case gesture
    /// ``JournalEntry/Event/effectOutput(effect:_:)``.
    case effectOutput
    /// ``JournalEntry/Event/mutation(_:)``.
    case mutation
    /// ``JournalEntry/Event/navigation(_:)``.
    case navigation
    /// ``JournalEntry/Event/diagnostic(_:)``.
    case diagnostic
    /// ``JournalEntry/Event/stateSnapshot(_:)``.
    case stateSnapshot
    /// ``JournalEntry/Event/renderedTree(_:)``.
    case renderedTree

    /// Whether replay feeds entries of this kind (an input or an effect's output) rather than
    /// checks them.
    public var isInput: Bool {
      switch self {
      case .action, .step, .deepLink, .gesture, .effectOutput: return true
      case .mutation, .navigation, .diagnostic, .stateSnapshot, .renderedTree: return false
      }
    }
  }

  /// When it happened.
  public var time: JournalTime
  /// Where it happened.
  public var source: JournalSource
  /// What happened.
  public var event: Event
  /// Where, in the app's code, an action was sent or a step accepted (the `send` or `accept`
  /// call's file and line), when recording captured it: `nil` for other kinds of entry, and for
  /// an action or a step that came through a function reference (`[a, b].forEach(reactor.send)`),
  /// from the library itself (an initial step, a replay) or from a relay that was delivering
  /// another element at the time.
  public var callSite: JournalCallSite?

  /// An entry: `event`, at `time`, in `source`, sent or accepted at `callSite` if known.
  public init(time: JournalTime, source: JournalSource, event: Event, callSite: JournalCallSite? = nil) {
    self.time = time
    self.source = source
    self.event = event
    self.callSite = callSite
  }
}
