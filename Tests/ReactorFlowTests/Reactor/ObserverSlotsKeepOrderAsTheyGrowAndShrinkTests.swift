import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// The observer list's slots live in memory the list manages by hand: growing, closing the gap
/// a removed slot leaves, and freeing must keep every slot where the list expects it. Under
/// Address Sanitizer a slot read or moved outside the memory is reported.
@Suite("Reactor: observer slots keep their order as they grow and shrink")
struct ObserverSlotsKeepOrderAsTheyGrowAndShrinkTests {
  @Test("a slot remembers the filtered bytes of the state it was made with, and reports a change once")
  func slotSeesChangeOnce() {
    var state: (Int, Int) = (1, 2)
    withUnsafeMutablePointer(to: &state) { pointer in
      let raw = UnsafeRawPointer(pointer)
      var slot = ObserverSlot(filter: ChangeFilter(Int.self, offset: 8), state: raw)
      var seen = [slot.mayHaveChanged(raw)]
      pointer.pointee.1 = 3
      seen.append(slot.mayHaveChanged(raw))
      // The new bytes are remembered.
      seen.append(slot.mayHaveChanged(raw))
      // Bytes outside the filter do not count.
      pointer.pointee.0 = 9
      seen.append(slot.mayHaveChanged(raw))
      #expect(seen == [false, true, false, false])
      var always = ObserverSlot(filter: nil, state: raw)
      let called = always.mayHaveChanged(raw)
      always.isRemoved = true
      let calledOnceRemoved = always.mayHaveChanged(raw)
      #expect(called && !calledOnceRemoved, "a slot without a filter is always called; a removed one never")
    }
  }

  @Test("random appends and removals: the slots match a plain array, through every growth")
  func randomAppendsAndRemovals() {
    var random = SplitMix64(startingAt: 99)
    var state = (0, 0)
    withUnsafePointer(to: &state) { pointer in
      let raw = UnsafeRawPointer(pointer)
      for trial in 0..<(isUnderSanitizer ? 100 : 1_000) {
        var slots = ObserverSlots()
        var model: [Int] = []
        for _ in 0..<random.next(below: 80) {
          if model.isEmpty || random.next(below: 3) > 0 {
            // The offset identifies the slot (the filter reads one byte of a 16-byte state).
            let offset = random.next(below: 16)
            slots.append(ObserverSlot(filter: ChangeFilter(offset: offset, size: 1), state: raw))
            model.append(offset)
          } else {
            let index = random.next(below: model.count)
            slots.remove(at: index)
            model.remove(at: index)
          }
          #expect(slots.count == model.count)
          #expect(slots.capacity >= slots.count)
        }
        let offsets = (0..<slots.count).map { slots.base[$0].filter.offset }
        #expect(offsets == model, "trial \(trial)")
        slots.deallocate()
      }
    }
  }
}
