/// The asynchronous work a reactor has in flight, by token and by cancellation id.
///
/// A pure value type held under a lock by ``ReactorStore`` (the lock lets the store cancel
/// everything from its `deinit`, which may run on any thread).
struct TaskRegistry {
  private var tasks: [Int: (id: AnyHashableSendable?, task: Task<Void, Never>)] = [:]
  private var nextToken = 0
  private(set) var isClosed = false

  /// Reserves a token for a task about to start.
  mutating func reserve() -> Int {
    defer { nextToken += 1 }
    return nextToken
  }

  /// Records `task`; returns `false` (the caller cancels it) when the registry is closed.
  mutating func insert(_ task: Task<Void, Never>, token: Int, id: AnyHashableSendable?) -> Bool {
    guard !isClosed else { return false }
    tasks[token] = (id, task)
    return true
  }

  /// Forgets a finished task.
  mutating func remove(_ token: Int) {
    tasks[token] = nil
  }

  /// Removes and returns the tasks started under `id`, to be cancelled.
  mutating func take(id: AnyHashableSendable) -> [Task<Void, Never>] {
    let matching = tasks.filter { $0.value.id == id }
    for token in matching.keys { tasks[token] = nil }
    return matching.values.map(\.task)
  }

  /// Closes the registry and returns every task, to be cancelled.
  mutating func close() -> [Task<Void, Never>] {
    isClosed = true
    defer { tasks.removeAll() }
    return tasks.values.map(\.task)
  }

  var count: Int { tasks.count }
}
