/// A disposable that runs a closure once, on the first call to ``dispose()``.
public final class Subscription: Disposable {
  private let action: LockedState<(@Sendable () -> Void)?>

  /// Creates a subscription that runs `onDispose` when disposed.
  public init(onDispose: @escaping @Sendable () -> Void) {
    action = LockedState(onDispose)
  }

  /// A subscription that holds nothing.
  public static var empty: Subscription { Subscription {} }

  /// Whether ``dispose()`` has already run.
  public var isDisposed: Bool { action.withLock { $0 == nil } }

  /// Runs the disposal once; later calls do nothing.
  public func dispose() {
    let body = action.withLock { action -> (@Sendable () -> Void)? in
      defer { action = nil }
      return action
    }
    body?()
  }
}

extension Subscription {
  /// A subscription whose disposal runs `remove` on the main actor: at once when disposed there
  /// (the handler is gone before `dispose()` returns), else as soon as the main actor is free.
  /// Shared with the UIKit adapter.
  package static func onMainActor(_ remove: @escaping @MainActor @Sendable () -> Void) -> Subscription {
    Subscription { ReactorFlow.onMainActor(remove) }
  }
}
