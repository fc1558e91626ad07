/// The iterator shared by the relays: each iterator is one subscriber with its own unbounded buffer.
///
/// Dropping the last copy of an iterator ends its subscription, even if it was never iterated.
public struct RelayIterator<Element: Sendable>: AsyncIteratorProtocol {
  var base: AsyncStream<Element>.Iterator
  let lifetime: IteratorLifetime

  /// The next element, or `nil` once the relay is released or the task is cancelled.
  public mutating func next() async -> Element? {
    await base.next()
  }
}

/// Ends a relay subscription when the last copy of its iterator is dropped.
final class IteratorLifetime: Sendable {
  let end: @Sendable () -> Void
  init(_ end: @escaping @Sendable () -> Void) { self.end = end }
  deinit { end() }
}
