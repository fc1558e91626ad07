import ReactorFlow
import ReactorFlowTesting
import Testing

/// `await send(m)` checks the task that sends, on the main actor: a task that was cancelled
/// delivers nothing, even while its operation still runs — and a task that was not delivers as
/// a part of the operation's run.
@MainActor
@Suite("A send from a cancelled task", .checksLeaks)
struct ASendFromACancelledTaskIsDroppedTests {
  @Test("a task cancelled while its operation still runs sends: dropped, silently")
  func cancelledTaskOfARunningOperation() async {
    let reactor = ScriptedReactor()
    let diagnostics = await withDiagnostics {
      reactor.send(
        .run {
          Effect<String>.run { send in
            let child = Task {
              withUnsafeCurrentTask { $0?.cancel() }
              await send("from a cancelled task")
            }
            await child.value
            await send("from the operation")
          }
        })
      await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    }
    #expect(reactor.currentState.log == ["from the operation"])
    #expect(diagnostics.isEmpty)
  }

  @Test("a task that was not cancelled sends while its operation runs: reduced")
  func uncancelledTaskOfARunningOperation() async {
    let reactor = ScriptedReactor()
    let hold = Gate()
    reactor.send(
      .run {
        Effect<String>.run { send in
          await Task { await send("from a task") }.value
          try await hold.wait()
          await send("done")
        }
      })
    for await state in reactor.state where state.log == ["from a task"] { break }
    hold.open()
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.log == ["from a task", "done"])
  }
}
