import ConcurrencyExtras
import ReactorFlow
import Testing

@Suite("The built-in tracer prints each recorded action, mutation and step as a line, escaped")
@MainActor
struct TracingWhatARecorderRecordsTests {
  @Test("a traced reactor prints its actions and mutations in the order they happen")
  func lines() {
    let lines = LockIsolated<[String]>([])
    let recorder = JournalRecorder(keepingLast: 1)
    recorder.trace(
      with: JournalTracer(kinds: [.action, .mutation]) { line in lines.withValue { $0.append(line) } })
    let counter = JournaledCounter()
    counter.record(into: recorder, as: .app.appending("HomeFlow").appending("JournaledCounter"))
    counter.send(.increment)
    counter.send(.typed("hi"))
    #expect(
      lines.value == [
        "action      HomeFlow/0 > JournaledCounter/0  increment",
        "mutation    HomeFlow/0 > JournaledCounter/0  add(1)",
        "action      HomeFlow/0 > JournaledCounter/0  typed(\"hi\")",
        "mutation    HomeFlow/0 > JournaledCounter/0  setText(\"hi\")",
      ])
    // The trace does not keep more than the recorder's ring buffer.
    #expect(recorder.journal.count == 1)
  }

  @Test("what the user typed cannot drive the terminal: control characters in a traced line are escaped")
  func escaping() {
    let lines = LockIsolated<[String]>([])
    let recorder = JournalRecorder(keepingLast: 1)
    recorder.trace(with: JournalTracer { line in lines.withValue { $0.append(line) } })
    // A payload whose description is the raw text (a String action: the text the user typed).
    recorder.recordAction("evil\u{1B}[2J\nforged line", from: .app.appending("TextFieldReactor"))
    #expect(lines.value.count == 1)
    #expect(lines.value.allSatisfy { line in !line.unicodeScalars.contains { $0.value < 0x20 } })
    #expect(lines.value.first?.contains("\\u{1B}[2J\\u{A}forged line") == true)
  }

  @Test("a tracer prints the kinds it was given only, and nothing once tracing stops")
  func kindsAndStop() {
    let lines = LockIsolated<[String]>([])
    let recorder = JournalRecorder()
    recorder.trace(with: JournalTracer(kinds: [.mutation]) { line in lines.withValue { $0.append(line) } })
    let counter = JournaledCounter()
    counter.record(into: recorder, as: .app.appending("JournaledCounter"))
    counter.send(.increment)
    recorder.trace(with: nil)
    counter.send(.increment)
    #expect(lines.value == ["mutation    JournaledCounter/0  add(1)"])
    #expect(entriesWithoutDiagnostics(recorder.journal).count == 4)
  }

  @Test("a traced coordinator prints its steps and will/did-navigate")
  func steps() {
    let lines = LockIsolated<[String]>([])
    let recorder = JournalRecorder()
    recorder.trace(
      with: JournalTracer(kinds: [.step, .navigation]) { line in lines.withValue { $0.append(line) } })
    let coordinator = FlowCoordinator()
    coordinator.record(into: recorder)
    coordinator.coordinate(flow: JournalRootFlow(), with: OneStepper(withSingleStep: JournalStep.home))
    #expect(
      lines.value == [
        "step        JournalRootFlow/0  home",
        "navigation  JournalRootFlow/0  will navigate home",
        "navigation  JournalRootFlow/0  did navigate home",
      ])
  }
}
