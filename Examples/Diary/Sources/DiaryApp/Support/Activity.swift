import ReactorFlow

/// Counts the asynchronous work in flight — a sign-in call, the launch timer, a colour change
/// reaching the other tabs — so that a scripted session waits for it before its next command,
/// and its transcript is the same on every run.
@MainActor
public final class Activity {
  /// How many pieces of work have begun and not ended.
  public private(set) var inFlight = 0
  private var waiters: [CheckedContinuation<Void, Never>] = []
  /// Whether the app replays a journal: effects' operations do not start (a replay delivers what
  /// they delivered when recorded), so an operation is not counted as work in flight — it would
  /// never end.
  let replaysEffects: Bool

  init(replaysEffects: Bool = false) {
    self.replaysEffects = replaysEffects
  }

  /// Records that a piece of work began.
  func begin() { inFlight += 1 }

  /// Records that a piece of work ended (after its last mutation was reduced).
  func end() {
    inFlight = max(0, inFlight - 1)
    guard inFlight == 0 else { return }
    let resumed = waiters
    waiters = []
    for waiter in resumed { waiter.resume() }
  }

  /// Returns once no work is in flight.
  public func idle() async {
    while inFlight > 0 {
      await withCheckedContinuation { waiters.append($0) }
    }
  }

  /// An effect running `operation` (on the main actor, as every `.run`), counted from now until
  /// the operation returns — after its last `send` was reduced and observed, cancelled or not
  /// (an operation cancelled before its task ran still runs, and ends the count).
  func run<Mutation>(
    _ operation: @escaping @MainActor @Sendable (Send<Mutation>) async -> Void
  ) -> Effect<Mutation> {
    guard !replaysEffects else { return .run { send in await operation(send) } }
    begin()
    return .run { send in
      await operation(send)
      self.end()
    }
  }
}
