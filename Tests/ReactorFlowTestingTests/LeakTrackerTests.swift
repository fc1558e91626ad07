import ReactorFlowTesting
import Testing

@Suite("ReactorFlowTesting: leak tracking")
struct LeakTrackerTests {
  final class Node {
    var next: Node?
  }

  @Test("a released object is not reported")
  func released() {
    let leaks = LeakTracker()
    do { leaks.track(Node()) }
    #expect(leaks.alive.isEmpty)
  }

  @Test("an object kept alive by a cycle is reported by name")
  func cycleReported() {
    let leaks = LeakTracker()
    weak var leaked: Node?
    do {
      let node = leaks.track(Node(), "cyclic node")
      node.next = node
      leaked = node
    }
    #expect(leaks.alive == ["cyclic node"])
    leaked?.next = nil  // break the cycle: the process itself must not leak (LeakSanitizer)
  }
}
