import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// The change filter and the property comparisons read a state's memory directly: these tests put
/// each value at the very end of its allocation, so that a read past it is outside the memory
/// (Address Sanitizer reports it in the sanitizer run).
@MainActor
@Suite("Reactor: the change filter reads exactly the observed value's bytes")
struct ChangeFilterReadsOnlyTheObservedBytesTests {
  @Test("a filter is made for trivial values of 1 to 16 bytes only")
  func eligibility() {
    #expect(ChangeFilter(Int.self, offset: 8)?.size == 8)
    #expect(ChangeFilter(Bool.self, offset: 3)?.size == 1)
    #expect(ChangeFilter((Int, Int).self, offset: 0)?.size == 16)
    #expect(ChangeFilter((Int, Int, Int).self, offset: 0) == nil)
    #expect(ChangeFilter(String.self, offset: 0) == nil)
    #expect(ChangeFilter([Int].self, offset: 0) == nil)
    #expect(ChangeFilter(Void.self, offset: 0) == nil)
  }

  @Test("random values of every size at random offsets: the reads differ exactly when a byte does")
  func readsDifferExactlyWhenBytesDo() {
    var random = SplitMix64(startingAt: 2024)
    for trial in 0..<(isUnderSanitizer ? 2_000 : 20_000) {
      let size = 1 + random.next(below: 16)
      let offset = random.next(below: 9)
      // Exactly the bytes up to the value's end: nothing after it is readable.
      let old = UnsafeMutableRawPointer.allocate(byteCount: offset + size, alignment: 1)
      let new = UnsafeMutableRawPointer.allocate(byteCount: offset + size, alignment: 1)
      defer {
        old.deallocate()
        new.deallocate()
      }
      for index in 0..<(offset + size) {
        let byte = UInt8(truncatingIfNeeded: random.next())
        old.storeBytes(of: byte, toByteOffset: index, as: UInt8.self)
        new.storeBytes(of: byte, toByteOffset: index, as: UInt8.self)
      }
      // Half the trials change one byte of the value; a change before the value never counts.
      let changesValue = random.next(below: 2) == 0
      if changesValue {
        let index = offset + random.next(below: size)
        let byte = new.load(fromByteOffset: index, as: UInt8.self)
        new.storeBytes(of: byte ^ UInt8(1 + random.next(below: 255)), toByteOffset: index, as: UInt8.self)
      } else if offset > 0 {
        let index = random.next(below: offset)
        let byte = new.load(fromByteOffset: index, as: UInt8.self)
        new.storeBytes(of: ~byte, toByteOffset: index, as: UInt8.self)
      }
      let filter = ChangeFilter(offset: offset, size: size)
      let oldBytes = filter.read(old)
      let newBytes = filter.read(new)
      #expect((oldBytes != newBytes) == changesValue, "trial \(trial): size \(size), offset \(offset)")
    }
  }

  struct Sample {
    var count = 0
    var title = "a"
    @Pulse var alert: String? = nil
    var doubled: Int { count * 2 }
  }

  @Test("a comparison tells a stored property's change, a computed one's, and each pulse")
  func comparisons() {
    var old = Sample()
    var new = old
    let stored = PropertyComparison.equatable(\Sample.count)
    let computed = PropertyComparison.equatable(\Sample.doubled)
    let title = PropertyComparison.equatable(\Sample.title)
    let pulse = PropertyComparison.anyValue(\Sample.$alert)
    let other = PropertyComparison.anyValue(\Sample.count)
    func changed(_ comparison: PropertyComparison) -> Bool {
      withUnsafePointer(to: old) { old in withUnsafePointer(to: new) { comparison.hasChanged(old, $0) } }
    }
    #expect(!changed(stored) && !changed(computed) && !changed(title) && !changed(pulse))
    #expect(changed(other), "a value that is not Equatable changes with every change")
    new.count = 1
    #expect(changed(stored) && changed(computed) && !changed(title) && !changed(pulse))
    old = new
    new.title = String(repeating: "long title ", count: 4)
    #expect(!changed(stored) && changed(title))
    old = new
    new.alert = nil
    #expect(changed(pulse), "assigning an equal value is a pulse")
  }

  @Test("the state-change loop disarms exactly the armed comparisons that find a change")
  func takeChangedDisarmsWhatChanged() {
    var comparisons: ContiguousArray<PropertyComparison> = [
      .equatable(\Sample.count), .equatable(\Sample.title), .equatable(\Sample.doubled),
    ]
    comparisons[0].isArmed = true
    comparisons[1].isArmed = true
    let cell = StateCell<Sample>()
    cell.initialize(to: Sample())
    var changed: [Int] = []
    var new = Sample()
    new.count = 5
    let count = cell.takeChanged(to: new, in: &comparisons, into: &changed)
    #expect(count == 1)
    #expect(changed == [0], "the unarmed comparison of `doubled` is not run")
    #expect(!comparisons[0].isArmed && comparisons[1].isArmed && !comparisons[2].isArmed)
  }
}
