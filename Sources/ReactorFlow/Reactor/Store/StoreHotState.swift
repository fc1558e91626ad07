/// The way an action and its mutations take through a reactor's store. The hot path checks that
/// it is ``direct`` and nothing else: whatever else an action may need first (starting the store,
/// recording it) makes the path something else.
@usableFromInline
enum StorePath: UInt8 {
  /// `mutate`, then `reduce`, then the observers: the reactor has no `transform` hook of its own,
  /// no stub, and is not recorded. The hot path.
  case direct
  /// The store has not started: the first action starts it, then takes the path it finds.
  case unstarted
  /// As ``direct``, each action and mutation recorded into the reactor's journal first.
  case recorded
  /// Through the ``TransformPipeline``: the reactor has a `transform(action:)` or
  /// `transform(mutation:)` stage, or a `transform(state:)` of its own.
  case transformed
  /// The stub is enabled: sent actions are recorded, nothing of the reactor's logic runs.
  case stubbed
}

/// What a reactor's hot path reads and writes besides the state: the queue of re-entrant actions
/// and the path they take (kept in a ``MainActorCell``).
@usableFromInline
struct StoreHotState<R: Reactor> {
  /// The actions sent while one is handled (from `mutate`, `reduce` or an observer), handled
  /// after it in order; whether one is being handled (see ``ReactorStore/dispatching(_:_:)``).
  @usableFromInline var queue = ReentrancyQueue<R.Action>()
  /// The path an action takes: anything but ``StorePath/direct`` leaves the hot path.
  @usableFromInline var path = StorePath.unstarted
  /// Whether the stub is enabled (the path is then ``StorePath/stubbed``).
  var isStubbed = false
  /// Sees every reduced mutation (for test tools); see ``ReactorStore/observeMutations(_:)``.
  @usableFromInline var mutationObserver: (@MainActor (R.Mutation) -> Void)?
  /// What a journal records of the reactor; `nil` unless a recorder records it.
  @usableFromInline var journal: StoreJournal<R>?

  @inlinable init() {}
}
