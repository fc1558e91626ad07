/// Something that holds a resource (a subscription, a task) until it is disposed.
///
/// Disposing twice is harmless. Store disposables in a ``DisposeBag`` with
/// ``disposed(by:)`` so that they end with their owner.
public protocol Disposable: Sendable {
  /// Ends the subscription or cancels the work. Calling it again does nothing.
  func dispose()
}

extension Disposable {
  /// Adds this disposable to `bag`; it is disposed when the bag is released or emptied.
  public func disposed(by bag: DisposeBag) {
    bag.insert(self)
  }
}

extension Task: Disposable {
  /// Cancels the task.
  public func dispose() { cancel() }
}
