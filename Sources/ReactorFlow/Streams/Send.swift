/// Sends the elements of an asynchronous effect back to its reactor, to be reduced on the main
/// actor in the order they are sent.
///
/// ```swift
/// return .run { [api] send in
///   await send(.setLoading(true))
///   let items = try await api.fetch()
///   await send(.setItems(items))
/// }
/// ```
public struct Send<Element>: Sendable {
  let deliver: @MainActor @Sendable (Element) -> Void

  init(_ deliver: @escaping @MainActor @Sendable (Element) -> Void) {
    // Checked again on the main actor: a cancellation that raced the hop still wins.
    self.deliver = { element in
      if !Task.isCancelled { deliver(element) }
    }
  }
}

extension Send where Element: Sendable {
  /// Reduces `element` on the main actor and returns once it has been reduced and observed.
  ///
  /// Once the operation is cancelled (by id, by `cancelInFlight`, or because the reactor was
  /// released) its elements are discarded: a cancelled request never overwrites a newer one.
  public func callAsFunction(_ element: Element) async {
    guard !Task.isCancelled else { return }
    await deliver(element)
  }
}
