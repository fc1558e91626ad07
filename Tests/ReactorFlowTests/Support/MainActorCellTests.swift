import Testing

@testable import ReactorFlow

@MainActor
@Suite("Support: MainActorCell, main-actor state without run-time exclusivity checks")
struct MainActorCellTests {
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
}
