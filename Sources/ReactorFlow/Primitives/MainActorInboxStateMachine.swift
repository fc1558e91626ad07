/// What other threads or tasks send to the main actor — a reactor's actions, a coordinator's
/// steps — waiting for it.
///
/// The state machine decides when a drain must be scheduled: once per batch, so a burst of sends
/// costs one hop to the main actor. A single buffer keeps each sender's order.
struct MainActorInboxStateMachine<Element> {
  private var buffer: [Element] = []
  private var isDrainScheduled = false

  /// Queues `element`; `true` when the caller must schedule a drain.
  mutating func enqueue(_ element: Element) -> Bool {
    buffer.append(element)
    if isDrainScheduled { return false }
    isDrainScheduled = true
    return true
  }

  /// Whether elements wait: a caller on the main actor that finds none may handle its own at
  /// once without reordering a sender's elements.
  var hasWaiting: Bool { !buffer.isEmpty }

  /// How many elements wait.
  var count: Int { buffer.count }

  /// Queues `element` without scheduling a drain: the caller, on the main actor, drains (a
  /// drain running now takes everything before it stops, or the caller drains at once).
  mutating func enqueueForRunningDrain(_ element: Element) {
    buffer.append(element)
  }

  /// Takes out the queued elements that match `belongs`, in order, leaving the others queued
  /// (a drain already scheduled still runs, and finds what is left).
  mutating func take(where belongs: (Element) -> Bool) -> [Element] {
    guard buffer.contains(where: belongs) else { return [] }
    let taken = buffer.filter(belongs)
    buffer.removeAll(where: belongs)
    return taken
  }

  /// Takes everything queued into `drained` (empty on entry) by swapping buffers, so that a
  /// warm inbox drains without allocating.
  mutating func takeAll(into drained: inout [Element]) {
    isDrainScheduled = false
    swap(&buffer, &drained)
  }
}
