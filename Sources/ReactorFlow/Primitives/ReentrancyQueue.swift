/// The FIFO of what arrives while something is being handled (re-entrancy): a reactor's actions
/// sent from inside `mutate`, `reduce` or an observer, a coordinator's steps emitted while a flow
/// navigates.
///
/// A pure value type: its owner checks ``isDispatching``, queues with ``enqueue(_:)`` and takes
/// what to handle next with ``next()``. Once warm it does not allocate: the buffer keeps its capacity between bursts.
@usableFromInline
struct ReentrancyQueue<Element> {
  @usableFromInline var buffer: [Element] = []
  @usableFromInline var head = 0
  /// Whether an action is being handled right now.
  @usableFromInline var isDispatching = false

  @inlinable
  init() {}

  /// Queues `element` behind the one in progress (the caller checked ``isDispatching``).
  @inlinable
  mutating func enqueue(_ element: Element) {
    buffer.append(element)
  }

  /// The next queued action, or `nil` once the queue is empty (handling then ends).
  @inlinable
  mutating func next() -> Element? {
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
