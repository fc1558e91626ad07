/// The lock-holding storage of the inbox, shared by its senders (a reactor's ``ActionSender``s,
/// a coordinator's steppers).
final class MainActorInbox<Element> {
  private let machine = LockedState(MainActorInboxStateMachine<Element>())
  private let scheduleDrain: @Sendable (MainActorInbox) -> Void

  init(scheduleDrain: @escaping @Sendable (MainActorInbox) -> Void) {
    self.scheduleDrain = scheduleDrain
  }

  func enqueue(_ element: Element) {
    if machine.withLock({ $0.enqueue(element) }) { scheduleDrain(self) }
  }

  /// Whether elements wait to be drained.
  var hasWaiting: Bool {
    machine.withLock { $0.hasWaiting }
  }

  /// How many elements wait to be drained.
  var count: Int {
    machine.withLock { $0.count }
  }

  /// Queues `element` without scheduling a drain, for a caller on the main actor that drains:
  /// a drain running now takes everything before it stops, or the caller drains at once.
  func enqueueForRunningDrain(_ element: Element) {
    machine.withLock { $0.enqueueForRunningDrain(element) }
  }

  func takeAll() -> [Element] {
    var drained: [Element] = []
    takeAll(into: &drained)
    return drained
  }

  /// Takes out the queued elements that match `belongs`, in order; the others stay queued.
  func take(where belongs: (Element) -> Bool) -> [Element] {
    machine.withLock { $0.take(where: belongs) }
  }

  func takeAll(into drained: inout [Element]) {
    machine.withLock { $0.takeAll(into: &drained) }
  }
}

// Shared across threads only where what it carries may cross them.
extension MainActorInbox: @unchecked Sendable where Element: Sendable {}
