import Testing

@testable import ReactorFlow

/// Counts live instances, to see the cell release its value.
final class Tracked {
  nonisolated(unsafe) static var live = 0
  init() { Tracked.live += 1 }
  deinit { Tracked.live -= 1 }
}

@MainActor
@Suite("Reactor: StateCell, the memory of a reactor's state", .serialized)
struct StateCellTests {
  @Test("a cell stores, replaces and finally releases its value; an unused cell frees nothing")
  func lifecycle() {
    let before = Tracked.live
    do {
      let cell = StateCell<[Tracked]>()
      #expect(!cell.isInitialized)
      cell.initialize(to: [Tracked()])
      #expect(cell.isInitialized)
      cell.value = [Tracked(), Tracked()]
      #expect(cell.value.count == 2)
      #expect(Tracked.live == before + 2)
      #expect(cell.pointer.pointee.count == 2)
    }
    #expect(Tracked.live == before)
    _ = StateCell<[Tracked]>()
  }
}
