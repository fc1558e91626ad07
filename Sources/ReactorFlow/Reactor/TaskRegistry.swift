/// The asynchronous work a reactor has in flight, by token and by cancellation id.
///
/// A pure value type held under a lock by ``ReactorStore`` (the lock lets the store cancel
/// everything from its `deinit`, which may run on any thread).
struct TaskRegistry {
  private var tasks: [Int: (id: AnyHashableSendable?, cancel: @Sendable () -> Void)] = [:]
  private var nextToken = 0
  private(set) var isClosed = false

  /// Reserves a token for a task about to start.
  mutating func reserve() -> Int {
    defer { nextToken += 1 }
    return nextToken
  }

  /// Records how to cancel a task; returns `false` (the caller cancels it) when the registry is
  /// closed.
  mutating func insert(_ cancel: @escaping @Sendable () -> Void, token: Int, id: AnyHashableSendable?) -> Bool {
    guard !isClosed else { return false }
    tasks[token] = (id, cancel)
    return true
  }

  /// Forgets a finished task.
  mutating func remove(_ token: Int) {
    tasks[token] = nil
  }

  /// Removes and returns the tasks started under `id`, to be called.
  mutating func take(id: AnyHashableSendable) -> [@Sendable () -> Void] {
    let matching = tasks.filter { $0.value.id == id }
    for token in matching.keys { tasks[token] = nil }
    return matching.values.map(\.cancel)
  }

  /// Closes the registry and returns every task, to be called.
  mutating func close() -> [@Sendable () -> Void] {
    isClosed = true
    defer { tasks.removeAll() }
    return tasks.values.map(\.cancel)
  }

  var count: Int { tasks.count }
}
