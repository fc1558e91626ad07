import Testing

@testable import ReactorFlow

/// The walker is a pure state machine: these tests read its instructions directly.
@MainActor
@Suite("Streams: EffectWalker, the one interpreter of Effect")
struct EffectWalkerTests {
  /// Walks `effect` to the end, opening scopes as asked and answering "not cancelled", and
  /// returns a readable trace of the instructions.
  private func trace(_ effect: Effect<Int>, cancelled: Set<Int> = []) -> [String] {
    var walker = EffectWalker(effect)
    var nextScope = 0
    var result: [String] = []
    while true {
      switch walker.next(isCancelled: { cancelled.contains($0.number) }) {
      case .emit(let value): result.append("emit \(value)")
      case .cancel(let id): result.append("cancel \(id.base)")
      case .open(let inner, let id, let latest):
        result.append("open \(id.base)\(latest ? " latest" : "")")
        walker.enter(inner, scope: EffectScope(number: nextScope))
        nextScope += 1
      case .close(let scopes): result.append("close \(scopes.map(\.number))")
      case .branch(let effects): result.append("branch \(effects.count)")
      case .wait: result.append("wait")
      case .attach: result.append("attach")
      case .finished: return result
      }
    }
  }

  private var operation: Effect<Int> { Effect<Int>.run { _ in } }

  @Test("synchronous parts are emitted in order; deferred parts are built when reached")
  func synchronousOrder() {
    var built = false
    let effect = Effect<Int>.concat(
      .just(1), .from([2, 3]), .none,
      .deferred {
        built = true; return .just(4)
      })
    #expect(trace(effect) == ["emit 1", "emit 2", "emit 3", "emit 4"])
    #expect(built)
  }

  @Test("an operation stops the walk; what follows it comes after")
  func waitThenRest() {
    let effect = Effect<Int>.concat(.just(1), operation, .cancel(id: "x"), .just(2))
    #expect(trace(effect) == ["emit 1", "wait", "cancel x", "emit 2"])
  }

  @Test("a scope opens, runs its parts, and closes; the walk goes on after it")
  func scopes() {
    let effect = Effect<Int>.concat(.just(0), .concat(.just(1), operation).cancellable(id: "x"), .just(2))
    #expect(trace(effect) == ["emit 0", "open x", "emit 1", "wait", "close [0]", "emit 2"])
  }

  @Test("a cancelled scope's remaining parts are skipped and it is closed")
  func cancelledScopeIsSkipped() {
    let effect = Effect<Int>.concat(
      .concat(.just(1), .just(2)).cancellable(id: "x", cancelInFlight: true), .just(3))
    #expect(trace(effect, cancelled: [0]) == ["open x latest", "close [0]", "emit 3"])
  }

  @Test("a merge asks for branches")
  func merge() {
    #expect(trace(.merge(.just(1), .just(2))) == ["branch 2"])
    #expect(trace(.merge([])) == [])
  }

  @Test("a branch inside a cancelled inherited scope ends without closing it")
  func inheritedScopeEndsBranch() {
    var walker = EffectWalker(Effect<Int>.concat(.just(1), .just(2)), inside: [EffectScope(number: 7)])
    let instruction = walker.next { $0.number == 7 }
    guard case .finished = instruction else {
      Issue.record("expected the branch to finish, got \(instruction)")
      return
    }
  }
}
