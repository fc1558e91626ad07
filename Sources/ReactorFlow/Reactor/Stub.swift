/// Replaces a reactor's logic in view tests: with ``Reactor/isStubEnabled``, sent actions are
/// recorded instead of handled, and the test sets the state the view shows.
///
/// ```swift
/// reactor.isStubEnabled = true
/// view.reactor = reactor
/// view.tapFollow()
/// #expect(reactor.stub.actions.last == .follow)
/// reactor.stub.state.isFollowing = true
/// #expect(view.followButtonTitle == "Following")
/// ```
@MainActor
public final class Stub<R: Reactor> {
  unowned let store: ReactorStore<R>

  init(store: ReactorStore<R>) { self.store = store }

  /// Every action sent while the stub was enabled, in order.
  public private(set) var actions: [R.Action] = []

  /// The reactor's state: setting it updates `currentState` and notifies every observer.
  ///
  /// It starts as the reactor's current state (transformed by `transform(state:)`, as
  /// `currentState` is). A value set here is published as it is, not transformed; if the stub is
  /// disabled later, `reduce` goes on from it.
  public var state: R.State {
    get { store.state.value }
    set {
      if !store.transforms.isStateTransformIdentity { store.transforms.untransformedState = newValue }
      store.setState(newValue)
    }
  }

  func record(_ action: R.Action) {
    actions.append(action)
  }
}

extension Reactor {
  /// When `true`, nothing of the reactor's logic runs: sent actions are recorded in ``stub``,
  /// `mutate`, `reduce` and `recover(from:)` are not called, and what the streams merged by the
  /// `transform` hooks (or operations still in flight) deliver is dropped.
  ///
  /// Set on a reactor that has not started, the `transform` hooks are not even called: an
  /// initial load they merge in (`.merge(action, .just(.refresh))`) does not run. They start when
  /// the stub is turned off, from the state the stub set.
  public var isStubEnabled: Bool {
    get { store.hot.value.isStubbed }
    set { store.setStubEnabled(newValue, storeOwner) }
  }

  /// The stub of this reactor (see ``Stub``).
  public var stub: Stub<StoreOwner> {
    store.startIfNeeded(storeOwner)
    return store.stub
  }
}
