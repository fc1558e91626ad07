import ReactorFlowTesting
import Testing

@testable import ReactorFlow

/// The lock is the library's one hand-managed mutex: its state is stored without exclusivity
/// checks, and its lock is the platform's (on Apple platforms and Windows, memory allocated and
/// freed by hand; on Linux, the spin lock over an atomic flag, whose contended path these runs
/// take). Under Address Sanitizer (and Thread Sanitizer) they show the memory and the exclusion
/// hold.
@Suite("Support: LockedState gives each caller the whole state, one at a time")
struct LockedStateGivesOneCallerAtATimeTests {
  @Test("LockedState gives each caller the whole state, one at a time, across threads")
  func lockedState() async {
    let counter = LockedState(0)
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<8 {
        group.addTask { for _ in 0..<1_000 { counter.withLock { $0 += 1 } } }
      }
    }
    #expect(counter.withLock { $0 } == 8_000)
  }

  /// A reference type whose releases are counted.
  final class Token: Sendable {
    static let live = LockedState(0)
    init() { Token.live.withLock { $0 += 1 } }
    deinit { Token.live.withLock { $0 -= 1 } }
  }

  @Test("random inserts and removals from 8 threads: every one is seen whole, nothing leaks")
  func randomMutationsAcrossThreads() async {
    let rounds = isUnderSanitizer ? 300 : 3_000
    do {
      let shared = LockedState<[Int: Token]>([:])
      let inserted = await withTaskGroup(of: Int.self) { group in
        for thread in 0..<8 {
          group.addTask {
            var random = SplitMix64(startingAt: UInt64(thread))
            var inserted = 0
            for round in 0..<rounds {
              let key = thread * rounds + round
              if random.next(below: 3) == 0, round > 0 {
                // Removes one of this thread's earlier keys, if still there.
                let earlier = thread * rounds + random.next(below: round)
                if shared.withLock({ $0.removeValue(forKey: earlier) }) != nil { inserted -= 1 }
              } else {
                shared.withLock { $0[key] = Token() }
                inserted += 1
              }
            }
            return inserted
          }
        }
        return await group.reduce(0, +)
      }
      #expect(shared.withLock { $0.count } == inserted)
      #expect(Token.live.withLock { $0 } == inserted)
    }
    #expect(Token.live.withLock { $0 } == 0, "the lock's state is released with it")
  }
}

/// States that share one lock (a recorder's state and its reactors' logs): the lock taken once
/// for both, and its memory kept until the last state that shares it is released.
@Suite("Support: LockedStates that share one lock give each caller both, one at a time")
struct LockedStatesSharingOneLockTests {
  @Test("a caller of withLock(alongside:) and a caller of the owner's withLock never overlap, across threads")
  func sharedLockExcludes() async {
    let owner = LockedState(0)
    let sharer = LockedState(0, sharingLockWith: owner)
    let overlaps = await withTaskGroup(of: Int.self) { group in
      for thread in 0..<8 {
        group.addTask {
          var overlaps = 0
          for _ in 0..<1_000 {
            if thread.isMultiple(of: 2) {
              // Two steps on the owner's state: another caller sees it odd only inside.
              sharer.withLock(alongside: owner) { mine, owners in
                owners += 1
                mine += 1
                owners += 1
              }
            } else if owner.withLock({ !$0.isMultiple(of: 2) }) {
              overlaps += 1
            }
          }
          return overlaps
        }
      }
      return await group.reduce(0, +)
    }
    #expect(overlaps == 0)
    #expect(sharer.withLock(alongside: owner) { [$0, $1] } == [4_000, 8_000])
  }

  final class Token: Sendable {
    static let live = LockedState(0)
    init() { Token.live.withLock { $0 += 1 } }
    deinit { Token.live.withLock { $0 -= 1 } }
  }

  @Test("states that share a lock keep it, not each other: the one that made it goes, the others still lock")
  func sharersKeepTheLockOnly() {
    weak var weakOwner: LockedState<[Token]>?
    var sharer: LockedState<[Token]>?
    var shareOfShare: LockedState<[Token]>?
    do {
      let owner = LockedState([Token()])
      weakOwner = owner
      sharer = LockedState([], sharingLockWith: owner)
      shareOfShare = sharer.map { LockedState([], sharingLockWith: $0) }
      #expect(shareOfShare?.mutex === owner.mutex)
    }
    #expect(weakOwner == nil, "a state that shares a lock does not keep the state that made it")
    #expect(Token.live.withLock { $0 } == 0)
    // The lock outlives the state that made it: under Address Sanitizer, its memory is still valid.
    shareOfShare?.withLock(alongside: sharer!) { mine, sharers in
      mine.append(Token())
      sharers.append(Token())
    }
    #expect(Token.live.withLock { $0 } == 2)
    weak let weakSharer = sharer
    sharer = nil
    #expect(weakSharer == nil)
    #expect(shareOfShare?.withLock { $0.count } == 1)
    shareOfShare = nil
    #expect(Token.live.withLock { $0 } == 0)
  }
}
