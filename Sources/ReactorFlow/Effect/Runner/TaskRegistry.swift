/// The asynchronous work of one owner (a reactor, an adaptation) in flight, and the scopes that
/// name it.
///
/// A pure value type held under a lock by its owner (the lock lets a reactor cancel everything
/// from its `deinit`, which may run on any thread). Each task is recorded with the scopes it runs
/// in: cancelling a scope — by its ``Effect/cancellable(id:cancelInFlight:)`` id, or a whole run
/// when one of its operations fails — marks the scope cancelled (the walker skips what is left
/// inside it) and returns how to cancel its tasks. Long-lived work (the streams a `transform`
/// hook merges in) does not count as in flight.
struct TaskRegistry {
  /// What a task is, as the testing tools tell a reactor waiting for a test clock from one that
  /// is busy.
  enum Role {
    /// An operation, a stream: work of its own.
    case work
    /// An operation that only waits for timers of its own run to fire (see
    /// ``StartedOperation/waitsForTimers``).
    case waitingForTimers
    /// A debounce, throttle or delay timer (indirect: an entry stays small for every other task).
    indirect case timer(PendingTimer)
  }

  private struct Entry {
    let scopes: [EffectScope]
    let isLongLived: Bool
    let cancel: @Sendable () -> Void
    var role: Role
    var isCancelled = false
  }

  private var entries: [Int: Entry] = [:]
  /// The deadlines of timers whose task started sleeping before the timer was recorded (see
  /// ``timerSleeps(token:until:)``), until it is.
  private var deadlinesBeforeRecorded: [Int: Duration] = [:]
  /// The open scopes that have an id.
  private var named: [EffectScope: AnyHashableSendable] = [:]
  /// The open scopes that were cancelled, until they are closed.
  private var cancelled: Set<EffectScope> = []
  private var nextNumber = 0
  /// Who waits until at most so many tasks (cancelled ones included) are running.
  private var waiters: [(atMost: Int, waiter: CheckedContinuation<Void, Never>)] = []
  /// Closed: every scope counts as cancelled and no task may start.
  private(set) var isClosed = false
  /// How to end the owner's sequences still iterated (a reactor's state and pulse sequences),
  /// when it is released.
  var finishers = Finishers()

  // MARK: Scopes

  /// Opens a scope; `id` names it for ``cancel(id:)`` (`nil`: the anonymous scope of a run).
  mutating func openScope(named id: AnyHashableSendable?) -> EffectScope {
    let scope = EffectScope(number: nextNumber)
    nextNumber += 1
    if let id { named[scope] = id }
    return scope
  }

  /// Whether one of `scopes` has an id (``cancel(id:)`` can reach what runs inside it).
  func isNamed(any scopes: [EffectScope]) -> Bool {
    !named.isEmpty && scopes.contains { named[$0] != nil }
  }

  /// Forgets scopes that ended. Returns the ids that named them, for the caller to let go of
  /// once it has unlocked: an id is the app's value, the registry may hold the last reference to
  /// it, and its `deinit` may reach this registry again (the lock is not re-entrant).
  mutating func close(_ scopes: [EffectScope]) -> [AnyHashableSendable] {
    var ids: [AnyHashableSendable] = []
    for scope in scopes {
      if let id = named.removeValue(forKey: scope) { ids.append(id) }
      cancelled.remove(scope)
    }
    return ids
  }

  /// Whether `scope` was cancelled (always, once the registry is closed).
  func isCancelled(_ scope: EffectScope) -> Bool {
    isClosed || (!cancelled.isEmpty && cancelled.contains(scope))
  }

  /// Cancels every open scope named `id`; returns how to cancel their tasks.
  mutating func cancel(id: AnyHashableSendable) -> [@Sendable () -> Void] {
    let scopes = named.filter { $0.value == id }.keys
    guard !scopes.isEmpty else { return [] }
    cancelled.formUnion(scopes)
    return cancelTasks { $0.contains(where: scopes.contains) }
  }

  /// Cancels one scope; returns how to cancel its tasks.
  mutating func cancel(scope: EffectScope) -> [@Sendable () -> Void] {
    cancelled.insert(scope)
    return cancelTasks { $0.contains(scope) }
  }

  /// The cancellations come in the order the tasks started (their tokens): a cancelled
  /// operation's walk goes on as it is cancelled, so the walks after parts cancelled together
  /// go on in the order they were reached, not in the dictionary's.
  private mutating func cancelTasks(where inScope: ([EffectScope]) -> Bool) -> [@Sendable () -> Void] {
    var due: [(token: Int, cancel: @Sendable () -> Void)] = []
    for (token, entry) in entries where !entry.isCancelled && inScope(entry.scopes) {
      entries[token]?.isCancelled = true
      due.append((token, entry.cancel))
    }
    if due.count > 1 { due.sort { $0.token < $1.token } }
    return due.map(\.cancel)
  }

  // MARK: Tasks

  /// Reserves a token for a task about to start.
  mutating func reserve() -> Int {
    let token = nextNumber
    nextNumber += 1
    return token
  }

  /// Records how to cancel a task; returns `false` (the caller cancels it) when the registry is
  /// closed.
  mutating func insert(
    _ cancel: @escaping @Sendable () -> Void, token: Int, scopes: [EffectScope], isLongLived: Bool,
    role: Role = .work
  ) -> Bool {
    guard !isClosed else { return false }
    entries[token] = Entry(
      scopes: scopes, isLongLived: isLongLived, cancel: cancel, role: role, isCancelled: false)
    return true
  }

  /// Records how to cancel a timer's task, as ``insert(_:token:scopes:isLongLived:role:)``
  /// does, with the deadline its task took if it started sleeping before.
  mutating func insertTimer(
    _ timer: PendingTimer, cancel: @escaping @Sendable () -> Void, token: Int, scopes: [EffectScope]
  ) -> Bool {
    var timer = timer
    if !deadlinesBeforeRecorded.isEmpty, let deadline = deadlinesBeforeRecorded.removeValue(forKey: token) {
      timer.deadline = deadline
    }
    return insert(cancel, token: token, scopes: scopes, isLongLived: false, role: .timer(timer))
  }

  /// The timer `token` started sleeping until `deadline` (see ``PendingTimer/deadline``). Its
  /// task runs on another thread than the one that records it: when it sleeps first, the
  /// deadline waits for ``insertTimer(_:cancel:token:scopes:)``.
  mutating func timerSleeps(token: Int, until deadline: Duration) {
    guard let entry = entries[token] else {
      deadlinesBeforeRecorded[token] = deadline
      return
    }
    guard case .timer(var timer) = entry.role else { return }
    timer.deadline = deadline
    entries[token]?.role = .timer(timer)
  }

  /// Marks one task cancelled (it no longer counts as work in flight; it is forgotten when it
  /// ends).
  mutating func cancel(token: Int) {
    entries[token]?.isCancelled = true
  }

  /// Forgets a task that ended; returns the waiters to resume if nothing is in flight any more.
  mutating func remove(_ token: Int) -> [CheckedContinuation<Void, Never>] {
    entries[token] = nil
    return takeDueWaiters()
  }

  /// Forgets a timer's task that ended, as ``remove(_:)`` does, and the deadline it took if it
  /// was never recorded (the registry was closed first).
  mutating func removeTimer(_ token: Int) -> [CheckedContinuation<Void, Never>] {
    if !deadlinesBeforeRecorded.isEmpty { deadlinesBeforeRecorded[token] = nil }
    return remove(token)
  }

  /// Closes the registry and returns how to cancel every task.
  mutating func close() -> [@Sendable () -> Void] {
    isClosed = true
    return cancelTasks { _ in true }
  }

  /// Work in flight and not cancelled, not counting long-lived subscriptions.
  var count: Int { entries.values.filter { !$0.isLongLived && !$0.isCancelled }.count }

  /// The timers running when they are all that runs (no other task but what waits for them,
  /// none cancelled); `nil` otherwise, or when nothing runs.
  var onlyTimers: [PendingTimer]? {
    var timers: [PendingTimer] = []
    for entry in entries.values where !entry.isLongLived {
      guard !entry.isCancelled else { return nil }
      switch entry.role {
      case .timer(let timer): timers.append(timer)
      case .waitingForTimers: continue
      case .work: return nil
      }
    }
    return timers.isEmpty ? nil : timers
  }

  /// Tasks still running, cancelled ones included, not counting long-lived subscriptions.
  private var running: Int { entries.values.filter { !$0.isLongLived }.count }

  /// Registers a waiter until at most `count` tasks are running (0: idle); returns `false` when
  /// that holds already (the caller goes on at once).
  mutating func wait(untilAtMost count: Int, _ waiter: CheckedContinuation<Void, Never>) -> Bool {
    guard running > count else { return false }
    waiters.append((count, waiter))
    return true
  }

  /// The waiters whose condition holds now.
  mutating func takeDueWaiters() -> [CheckedContinuation<Void, Never>] {
    guard !waiters.isEmpty else { return [] }
    let running = self.running
    var due: [CheckedContinuation<Void, Never>] = []
    waiters.removeAll { entry in
      guard running <= entry.atMost else { return false }
      due.append(entry.waiter)
      return true
    }
    return due
  }
}

/// A registry under its lock, as its owner holds it (a reactor's store, a flow node for its
/// adaptations): the owner's `deinit`, which may run on any thread, releases it. The runner and
/// its timers take the lock themselves (`withLock`, one short critical section each); the
/// operations below are the owner's. What a critical section hands back (cancellations, waiters,
/// finishers) runs after the lock is released: it is the app's code, and may reach the registry
/// again (the lock is not re-entrant).
typealias TaskRegistryLock = LockedState<TaskRegistry>

extension LockedState where State == TaskRegistry {
  /// Work in flight and not cancelled, not counting long-lived subscriptions.
  var count: Int { withLock { $0.count } }

  /// Returns once at most `count` tasks — cancelled ones still ending included — are running.
  func wait(untilAtMost count: Int) async {
    await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
      if !withLock({ $0.wait(untilAtMost: count, waiter) }) { waiter.resume() }
    }
  }

  /// Keeps `finish` until ``release()`` or ``removeFinisher(_:)``; returns its key.
  func addFinisher(_ finish: @escaping @Sendable () -> Void) -> Int {
    withLock { $0.finishers.add(finish) }
  }

  /// Forgets a finisher whose sequence ended first.
  func removeFinisher(_ key: Int) {
    withLock { $0.finishers.remove(key) }
  }

  /// The owner is released: closes the registry, cancels every task, resumes the waiters whose
  /// condition holds already (the others as the cancelled tasks end) and ends every sequence
  /// still iterated.
  func release() {
    let (cancels, waiters, finishers) = withLock { registry in
      (registry.close(), registry.takeDueWaiters(), registry.finishers.takeAll())
    }
    for cancel in cancels { cancel() }
    for waiter in waiters { waiter.resume() }
    for finish in finishers { finish() }
  }
}
