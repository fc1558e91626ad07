extension Reactor {
  /// Calls `onChange` with the current state at once, then after every change.
  ///
  /// Prefer ``observe(_:_:)`` with a key path: it calls back only when that part changes.
  @discardableResult
  public func observeState(_ onChange: @escaping @MainActor (State) -> Void) -> AnyDisposable {
    store.startIfNeeded(storeOwner)
    let subscription = store.subscription(store.observers.addStateObserver(in: store.state, onChange))
    store.dispatching(storeOwner) { onChange(store.state.value) }
    return subscription
  }

  /// Calls `onChange` with the value at `keyPath` at once, then each time it changes
  /// (ReactorKit's `state.map(\.x).distinctUntilChanged()`).
  ///
  /// ```swift
  /// reactor.observe(\.capitalizedString) { label.text = $0 }
  ///   .disposed(by: disposeBag)
  /// ```
  ///
  /// A stored-property key path is resolved once to a fixed offset, so an observer whose value
  /// did not change costs a load and a comparison per state change.
  @inlinable
  @discardableResult
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>, _ onChange: @escaping @MainActor (Value) -> Void
  ) -> AnyDisposable {
    store.startIfNeeded(storeOwner)
    let initial = store.state.value[keyPath: keyPath]
    defer { store.dispatching(storeOwner) { onChange(initial) } }
    return store.subscription(
      store.observers.addValueObserver(keyPath, in: store.state, initial: initial, onChange))
  }

  /// Calls `onPulse` each time the ``Pulse`` at `keyPath` is assigned, even with an equal value.
  ///
  /// ```swift
  /// reactor.pulse(\.$alertMessage) { message in
  ///   if let message { view.showAlert(message) }
  /// }
  /// .disposed(by: disposeBag)
  /// ```
  ///
  /// Unlike ReactorKit, a pulse assigned before this call is not replayed: a view bound later
  /// does not show an old alert again.
  @discardableResult
  public func pulse<Value>(
    _ keyPath: KeyPath<State, Pulse<Value>>, _ onPulse: @escaping @MainActor (Value) -> Void
  ) -> AnyDisposable {
    store.startIfNeeded(storeOwner)
    return store.subscription(store.observers.addPulseObserver(keyPath, in: store.state, onPulse))
  }

  /// The errors thrown by the reactor's asynchronous mutation streams, as they happen.
  ///
  /// An error never ends the reactor: the mutations sent before it are kept and later actions
  /// work as usual. See also ``recover(from:)``.
  public var errors: PublishRelay<any Error> { store.errorRelay }
}

extension Reactor where State: Sendable {
  /// The state as an `AsyncSequence`: each iterator gets the current state first, then every
  /// change, in order. It ends when the reactor is released or the iterating task is cancelled.
  public var state: StateSequence<Self> { StateSequence(reactor: self) }

  /// The values of a ``Pulse`` as an `AsyncSequence`: one per assignment after this call. It
  /// ends when the reactor is released or the iterating task is cancelled.
  public func pulses<Value: Sendable>(_ keyPath: KeyPath<State, Pulse<Value>> & Sendable)
    -> AsyncStream<Value>
  {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    let subscription = pulse(keyPath) { continuation.yield($0) }
    store.finishOnRelease(continuation, ending: subscription)
    return stream
  }
}

/// A reactor's state as an `AsyncSequence` (see ``Reactor/state``).
public struct StateSequence<R: Reactor>: AsyncSequence, Sendable where R.State: Sendable {
  /// Each element is a state of the reactor.
  public typealias Element = R.State
  /// The sequence never throws.
  public typealias Failure = Never
  weak var reactor: R?

  init(reactor: R) { self.reactor = reactor }

  /// An iterator that starts with the current state.
  public func makeAsyncIterator() -> Iterator {
    Iterator(reactor: reactor)
  }

  /// Subscribes on its first `next()`; from then on it buffers every state, in order.
  public struct Iterator: AsyncIteratorProtocol {
    weak var reactor: R?
    var base: AsyncStream<R.State>.Iterator?

    /// The next state; `nil` once the reactor is released or the task is cancelled.
    public mutating func next() async -> R.State? {
      if base == nil {
        let reactor = self.reactor
        let stream = await MainActor.run { () -> AsyncStream<R.State> in
          let (stream, continuation) = AsyncStream.makeStream(of: R.State.self)
          guard let reactor else {
            continuation.finish()
            return stream
          }
          let subscription = reactor.observeState { continuation.yield($0) }
          reactor.store.finishOnRelease(continuation, ending: subscription)
          return stream
        }
        base = stream.makeAsyncIterator()
      }
      return await base?.next()
    }
  }
}
