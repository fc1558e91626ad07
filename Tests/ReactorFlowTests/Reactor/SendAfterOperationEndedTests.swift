import ConcurrencyExtras
import ReactorFlow
import ReactorFlowTesting
import Testing

@MainActor
@Suite("Reactor: a send called after its operation ended is dropped and reported", .checksLeaks)
struct SendAfterOperationEndedTests {
  @Test("an escaped send called after its concat went on is dropped, with a diagnostic")
  func escapedSendIsDroppedAndReported() async {
    let reactor = ScriptedReactor()
    let escaped = LockIsolated<Send<String>?>(nil)
    reactor.send(
      .run {
        .concat(
          .run { send in
            escaped.setValue(send)
            await send("inside")
          },
          .just("after"))
      })
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState.log == ["inside", "after"])
    let send = escaped.value
    let diagnostics = await withDiagnostics {
      await send?("late")
    }
    #expect(reactor.currentState.log == ["inside", "after"], "the late element is dropped")
    #expect(diagnostics == [.reactor(.sendAfterOperationEnded(owner: "ScriptedReactor"))])
  }

  @Test("a task the operation started and did not await sends after the operation ended")
  func unawaitedTaskSendsLate() async {
    let reactor = ScriptedReactor()
    let gate = Gate()
    let sent = BehaviorRelay(value: false)
    let diagnostics = await withDiagnostics {
      reactor.send(
        .run {
          .run { send in
            Task {
              try await gate.wait()
              await send("late")
              sent.accept(true)
            }
          }
        })
      await reactor.store.waitUntilIdle()
      gate.open()
      for await isSent in sent where isSent { break }
    }
    #expect(reactor.currentState.log.isEmpty)
    #expect(diagnostics == [.reactor(.sendAfterOperationEnded(owner: "ScriptedReactor"))])
  }

  @Test("a send from a cancelled operation is dropped silently")
  func cancelledOperationDropsSilently() async {
    let reactor = ScriptedReactor()
    let escaped = LockIsolated<Send<String>?>(nil)
    let gate = Gate()
    reactor.send(
      .run {
        .run { send in
          escaped.setValue(send)
          try await gate.wait()
        }
        .cancellable(id: "x")
      })
    reactor.send(.run { .cancel(id: "x") })
    await reactor.store.waitUntilIdle()
    let send = escaped.value
    let diagnostics = await withDiagnostics { await send?("late") }
    #expect(reactor.currentState.log.isEmpty)
    #expect(diagnostics.isEmpty)
  }
}
