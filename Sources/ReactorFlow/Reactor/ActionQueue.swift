/// The FIFO of actions sent while another action is being handled (re-entrancy).
///
/// A pure value type: ``ReactorStore`` asks it whether a send must be queued and what to handle
/// next. Once warm it does not allocate: the buffer keeps its capacity between bursts.
@usableFromInline
struct ActionQueue<Action> {
  @usableFromInline var buffer: [Action] = []
  @usableFromInline var head = 0
  /// Whether an action is being handled right now.
  @usableFromInline var isDispatching = false

  @inlinable
  init() {}

  /// Queues `action` behind the one in progress (the caller checked ``isDispatching``).
  @inlinable
  mutating func enqueue(_ action: Action) {
    buffer.append(action)
  }

  /// Called by a send: `true` when the caller must handle `action` now (and then drain),
  /// `false` when it was queued behind the action in progress.
  @inlinable
  mutating func begin(_ action: Action) -> Bool {
    if isDispatching {
      buffer.append(action)
      return false
    }
    isDispatching = true
    return true
  }

  /// The next queued action, or `nil` once the queue is empty (handling then ends).
  @inlinable
  mutating func next() -> Action? {
    if head < buffer.count {
      defer { head += 1 }
      return buffer[head]
    }
    if head > 0 {
      buffer.removeAll(keepingCapacity: true)
      head = 0
    }
    isDispatching = false
    return nil
  }

  /// How many actions wait behind the one in progress.
  var count: Int { buffer.count - head }
}
