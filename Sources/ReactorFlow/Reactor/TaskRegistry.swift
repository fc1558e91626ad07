/// The asynchronous work a reactor has in flight, by token and by cancellation id.
///
/// A pure value type held under a lock by ``ReactorStore`` (the lock lets the store cancel
/// everything from its `deinit`, which may run on any thread). Each entry keeps how to cancel its
/// task. Long-lived work (the streams a `transform` hook merges in) does not count as in flight.
struct TaskRegistry {
  private struct Entry {
    let id: AnyHashableSendable?
    let isLongLived: Bool
    let cancel: @Sendable () -> Void
  }

  private var entries: [Int: Entry] = [:]
  private var nextToken = 0
  private var idleWaiters: [CheckedContinuation<Void, Never>] = []
  private(set) var isClosed = false

  /// Reserves a token for a task about to start.
  mutating func reserve() -> Int {
    defer { nextToken += 1 }
    return nextToken
  }

  /// Records how to cancel a task; returns `false` (the caller cancels it) when the registry is
  /// closed.
  mutating func insert(
    _ cancel: @escaping @Sendable () -> Void, token: Int, id: AnyHashableSendable?, isLongLived: Bool
  ) -> Bool {
    guard !isClosed else { return false }
    entries[token] = Entry(id: id, isLongLived: isLongLived, cancel: cancel)
    return true
  }

  /// Forgets a finished task; returns the waiters to resume if nothing is in flight any more.
  mutating func remove(_ token: Int) -> [CheckedContinuation<Void, Never>] {
    entries[token] = nil
    return takeWaitersIfIdle()
  }

  /// Removes the tasks started under `id` and returns how to cancel them.
  mutating func take(id: AnyHashableSendable) -> [@Sendable () -> Void] {
    let matching = entries.filter { $0.value.id == id }
    for token in matching.keys { entries[token] = nil }
    return matching.values.map(\.cancel)
  }

  /// Closes the registry and returns how to cancel every task.
  mutating func close() -> [@Sendable () -> Void] {
    isClosed = true
    defer { entries.removeAll() }
    return entries.values.map(\.cancel)
  }

  /// Work in flight, not counting long-lived subscriptions.
  var count: Int { entries.values.filter { !$0.isLongLived }.count }

  /// Registers a waiter; returns `false` when nothing is in flight (the caller goes on at once).
  mutating func waitForIdle(_ waiter: CheckedContinuation<Void, Never>) -> Bool {
    guard count > 0 else { return false }
    idleWaiters.append(waiter)
    return true
  }

  /// The waiters to resume when nothing is in flight.
  mutating func takeWaitersIfIdle() -> [CheckedContinuation<Void, Never>] {
    guard !idleWaiters.isEmpty, count == 0 else { return [] }
    defer { idleWaiters.removeAll() }
    return idleWaiters
  }
}
