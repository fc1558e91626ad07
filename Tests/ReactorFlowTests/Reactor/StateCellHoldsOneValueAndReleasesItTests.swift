import ReactorFlowTesting
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
struct StateCellHoldsOneValueAndReleasesItTests {
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

  @Test("random writes, in-place changes and comparisons: the cell matches a plain value, then frees it")
  func randomWrites() {
    var random = SplitMix64(startingAt: 5)
    let before = Tracked.live
    for trial in 0..<(isUnderSanitizer ? 100 : 1_000) {
      do {
        let cell = StateCell<[Tracked]>()
        var model: [Tracked] = []
        if random.next(below: 4) > 0 {
          model = (0..<random.next(below: 5)).map { _ in Tracked() }
          cell.initialize(to: model)
          for _ in 0..<random.next(below: 20) {
            switch random.next(below: 3) {
            case 0:
              model = (0..<random.next(below: 5)).map { _ in Tracked() }
              cell.value = model
            case 1:
              let added = Tracked()
              model.append(added)
              cell.value.append(added)
            default:
              // A comparison of the count, as a per-property tracker would run it.
              var comparisons: ContiguousArray<PropertyComparison> = [.equatable(\[Tracked].count)]
              comparisons[0].isArmed = true
              var changed: [Int] = []
              let next = Array(model.dropLast())
              let found = cell.takeChanged(to: next, in: &comparisons, into: &changed)
              #expect(found == (model.isEmpty ? 0 : 1), "trial \(trial)")
              model = next
              cell.value = next
            }
            #expect(cell.value.count == model.count)
            #expect(zip(cell.value, model).allSatisfy { $0 === $1 }, "trial \(trial)")
          }
        }
        model = []
      }
      #expect(Tracked.live == before, "trial \(trial): the cell released its value")
    }
  }
}
