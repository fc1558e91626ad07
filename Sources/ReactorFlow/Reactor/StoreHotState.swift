/// What a reactor's hot path reads and writes besides the state: the queue of re-entrant actions
/// and the flags of the slow paths (kept in a ``MainActorCell``).
@usableFromInline
struct StoreHotState<R: Reactor> {
  @usableFromInline var queue = ReentrancyQueue<R.Action>()
  @usableFromInline var isStubEnabled = false
  /// Whether a sent action takes ``ReactorStore/sendSlowly(_:_:)``: the stub is enabled, or the
  /// action goes into the `transform(action:)` pipeline.
  @usableFromInline var sendsSlowly = false
  /// Whether Observation tracks the state (a `currentState` read armed it).
  @usableFromInline var isObservationArmed = false
  /// Whether the reactor's `transform(state:)` is the default (identity): set by that default
  /// when the store starts, so that the hot path neither calls it nor keeps a second state.
  @usableFromInline var isStateTransformIdentity = false
  /// Whether sent actions go through the reactor's `transform(action:)` pipeline (its own
  /// stream is filtered, mapped, debounced there) rather than straight to `mutate`.
  @usableFromInline var isActionPipelined = false
  /// Whether `mutate`'s mutations go through the `transform(mutation:)` pipeline rather than
  /// straight to `reduce`.
  @usableFromInline var isMutationPipelined = false
  /// Whether a mutation of `mutate` takes ``ReactorStore/reduceSlowly(_:_:)``: the reactor has
  /// a `transform(mutation:)` pipeline or a `transform(state:)` of its own.
  @usableFromInline var reducesSlowly = false
  /// Sees every reduced mutation (for test tools).
  @usableFromInline var mutationObserver: (@MainActor (R.Mutation) -> Void)?

  @inlinable init() {}
}
