import ReactorFlowTesting
import Testing

@testable import ReactorFlow

@MainActor
@Suite("Support: MainActorCell, main-actor state without run-time exclusivity checks")
struct MainActorCellStoresInPlaceTests {
  @Test(
    "reads, writes and in-place mutations reach the one stored value; the value is released with the cell")
  func storesInPlace() {
    weak var released: Tracked?
    do {
      let cell = MainActorCell<[Tracked]>([])
      cell.value.append(Tracked())
      cell.value.append(Tracked())
      released = cell.value.first
      #expect(cell.value.count == 2)
      cell.value.removeFirst()
      #expect(released == nil)
      #expect(cell.value.count == 1)
    }
    #expect(released == nil)
  }

  @Test("random in-place changes through `value` and `contents`: the cell matches a plain array")
  func randomChanges() {
    var random = SplitMix64(startingAt: 11)
    let before = Tracked.live
    for trial in 0..<(isUnderSanitizer ? 100 : 1_000) {
      do {
        let cell = MainActorCell<[Tracked]>([])
        var model: [Tracked] = []
        for _ in 0..<random.next(below: 40) {
          switch random.next(below: 4) {
          case 0:
            let added = Tracked()
            model.append(added)
            cell.value.append(added)
          case 1:
            let added = Tracked()
            model.insert(added, at: 0)
            cell.contents.insert(added, at: 0)
          case 2 where !model.isEmpty:
            let index = random.next(below: model.count)
            model.remove(at: index)
            cell.contents.remove(at: index)
          default:
            model.reverse()
            cell.value.reverse()
          }
          #expect(cell.value.count == model.count)
          #expect(zip(cell.contents, model).allSatisfy { $0 === $1 }, "trial \(trial)")
        }
        model = []
      }
      #expect(Tracked.live == before, "trial \(trial): the cell released its value")
    }
  }
}
