/// A read-only stream of a ``FlowCoordinator``'s events (``FlowCoordinator/willNavigate``,
/// ``FlowCoordinator/didNavigate``, ``FlowCoordinator/diagnostics``).
///
/// Only the coordinator sends, always on the main actor; observers subscribe or iterate:
///
/// ```swift
/// let coordinator = FlowCoordinator()
/// coordinator.didNavigate.subscribe { event in print("did navigate:", event) }.disposed(by: bag)
/// for await diagnostic in coordinator.diagnostics { print(diagnostic) }
/// ```
public struct FlowEvents<Element: Sendable>: AsyncSequence, Sendable {
  /// A coordinator's events never fail.
  public typealias Failure = Never

  let relay: PublishRelay<Element>

  /// Calls `handler` on the main actor with every later element, until the subscription is
  /// disposed.
  public func subscribe(_ handler: @escaping @MainActor (Element) -> Void) -> AnyDisposable {
    // The coordinator sends on the main actor only, and nothing else can send.
    relay.subscribe { element in MainActor.assumeIsolated { handler(element) } }
  }

  /// How many subscribers (callbacks and live iterators) the stream has.
  public var subscriberCount: Int { relay.subscriberCount }

  /// A new subscriber: every element sent after this call, in order. It ends when the
  /// coordinator is released or its task is cancelled.
  public func makeAsyncIterator() -> RelayIterator<Element> {
    relay.makeAsyncIterator()
  }
}
