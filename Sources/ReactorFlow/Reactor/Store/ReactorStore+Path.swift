/// Starting the store, and the path an action takes from what the store is now: not started,
/// stubbed, with `transform` stages, recorded, or none of these (``StorePath/direct``).
extension ReactorStore {
  @usableFromInline
  func start(_ reactor: R) {
    owner = reactor
    if reactor.store !== self {
      ReactorFlowDiagnostics.emit(.storeNotStored(reactor: "\(R.self)"))
    }
    LiveObjects.note(reactor, "\(R.self)")
    state.initialize(to: transforms.start(from: reactor.initialState, of: reactor))
    // A stubbed reactor runs none of its logic: its transforms start when the stub is turned off.
    if hot.value.isStubbed {
      transforms.isPending = true
      updatePath()
    } else {
      // Sets the path from the stages before their streams start.
      transforms.connect(reactor)
    }
  }

  /// Sets the path an action takes from what the store is now: stubbed, not started, with
  /// `transform` stages, recorded, or none of these (``StorePath/direct``).
  func updatePath() {
    let path: StorePath
    if hot.value.isStubbed {
      path = .stubbed
    } else if !state.isInitialized {
      path = .unstarted
    } else if transforms.hasStages {
      path = .transformed
    } else if hot.value.journal != nil {
      path = .recorded
    } else {
      path = .direct
    }
    hot.value.path = path
  }

  /// Called by the default `transform(state:)` (the identity): the store then skips the hook and
  /// keeps one state only.
  @usableFromInline
  func noteIdentityStateTransform() {
    transforms.isStateTransformIdentity = true
  }

  // MARK: - Stub

  /// Turns the stub on or off. Turned on before the store started, the store starts without its
  /// `transform` hooks; they are connected when the stub is turned off.
  func setStubEnabled(_ isEnabled: Bool, _ reactor: R) {
    hot.value.isStubbed = isEnabled
    updatePath()
    startIfNeeded(reactor)
    if !isEnabled, transforms.isPending {
      transforms.isPending = false
      transforms.connect(reactor)
    }
  }

  /// The reactor's stub (made on first use).
  var stub: Stub<R> {
    if let stubStorage { return stubStorage }
    let stub = Stub<R>(store: self)
    stubStorage = stub
    return stub
  }
}
