/// Moves an iterator, created where the effect starts, into the task that drains it, or drops
/// it (ending its subscription) if the task is cancelled first.
final class IteratorBox<Iterator>: Sendable {
  private let iterator: LockedState<UnsafeSendable<Iterator>?>
  init(_ iterator: Iterator) { self.iterator = LockedState(UnsafeSendable(iterator)) }

  /// Hands the iterator to the task that drains it; `nil` once discarded.
  func take() -> Iterator? {
    iterator.withLock { boxed in
      defer { boxed = nil }
      return boxed?.value
    }
  }

  /// Drops the iterator if no task took it.
  @Sendable func discard() {
    let dropped = iterator.withLock { boxed in
      defer { boxed = nil }
      return boxed
    }
    _ = dropped
  }
}
