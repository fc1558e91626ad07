import Testing

@testable import ReactorFlow

/// The small primitives reactors and the coordinator share, driven directly.
@Suite("Streams: ReentrancyQueue and MainActorInbox's state machine")
struct StreamPrimitivesTests {
  @Test("the re-entrancy queue hands out what was queued in order, then ends the dispatch")
  func reentrancyQueue() {
    var queue = ReentrancyQueue<Int>()
    #expect(!queue.isDispatching)
    queue.isDispatching = true
    queue.enqueue(1)
    queue.enqueue(2)
    #expect(queue.count == 2)
    var handed: [Int?] = [queue.next()]
    queue.enqueue(3)
    handed += [queue.next(), queue.next(), queue.next()]
    #expect(handed == [1, 2, 3, nil])
    #expect(!queue.isDispatching)
    #expect(queue.count == 0)
  }

  @Test("the inbox asks for one drain per batch and keeps the senders' order")
  func inboxStateMachine() {
    var inbox = MainActorInboxStateMachine<Int>()
    let first = inbox.enqueue(1)
    let second = inbox.enqueue(2)
    #expect(first && !second)
    var drained: [Int] = []
    inbox.takeAll(into: &drained)
    #expect(drained == [1, 2])
    // A drain was taken: the next send asks for another.
    let third = inbox.enqueue(3)
    #expect(third)
  }

  @Test("the inbox hands out one sender's elements, in order, and keeps the others queued in order")
  func inboxTakeWhere() {
    var inbox = MainActorInboxStateMachine<Int>()
    for value in [1, 12, 3, 14, 5] { _ = inbox.enqueue(value) }
    #expect(inbox.take { $0 > 10 } == [12, 14])
    #expect(inbox.take { $0 > 10 } == [])
    var drained: [Int] = []
    inbox.takeAll(into: &drained)
    #expect(drained == [1, 3, 5])
  }
}
