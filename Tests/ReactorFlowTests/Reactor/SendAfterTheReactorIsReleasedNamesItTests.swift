import ConcurrencyExtras
import ReactorFlow
import ReactorFlowTesting
import Testing

@MainActor
@Suite("Reactor: a send that escaped names its reactor after the reactor is released", .checksLeaks)
struct SendAfterTheReactorIsReleasedNamesItTests {
  @Test("an escaped send called once its reactor is gone is reported under the reactor's name")
  func escapedSendAfterReleaseNamesTheReactor() async {
    let escaped = LockIsolated<Send<String>?>(nil)
    weak var released: ScriptedReactor?
    do {
      let reactor = ScriptedReactor()
      released = reactor
      reactor.send(.run { .run { send in escaped.setValue(send) } })
      await reactor.store.waitUntilIdle()
    }
    #expect(released == nil, "the reactor is released")
    let send = escaped.value
    let diagnostics = await withDiagnostics { await send?("late") }
    #expect(diagnostics == [.reactor(.sendAfterOperationEnded(owner: "ScriptedReactor"))])
    escaped.setValue(nil)
  }
}
