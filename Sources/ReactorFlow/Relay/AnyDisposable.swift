/// A disposable that runs a closure once, on the first call to ``dispose()`` — what every
/// `subscribe`, `observe` and `onVisibilityChange` returns.
///
/// (It is not called `Subscription`, which is Combine's protocol: an iOS file that imports both
/// would find the name ambiguous.)
public final class AnyDisposable: Disposable {
  private let action: LockedState<(@Sendable () -> Void)?>

  /// Creates a subscription that runs `onDispose` when disposed.
  public init(onDispose: @escaping @Sendable () -> Void) {
    action = LockedState(onDispose)
  }

  /// A subscription that holds nothing.
  public static var empty: AnyDisposable { AnyDisposable {} }

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

extension AnyDisposable {
  /// A subscription whose disposal runs `remove` on the main actor: at once when disposed there
  /// (the handler is gone before `dispose()` returns), else as soon as the main actor is free.
  /// Shared with the UIKit adapter.
  package static func onMainActor(_ remove: @escaping @MainActor @Sendable () -> Void) -> AnyDisposable {
    AnyDisposable { ReactorFlow.onMainActor(remove) }
  }
}

/// RxSwift's way to make a disposable from a closure, for code that ports from it.
public enum Disposables {
  /// A disposable that runs `dispose` once, when it is first disposed.
  public static func create(with dispose: @escaping @Sendable () -> Void) -> AnyDisposable {
    AnyDisposable(onDispose: dispose)
  }

  /// A disposable that does nothing.
  public static func create() -> AnyDisposable { .empty }
}
