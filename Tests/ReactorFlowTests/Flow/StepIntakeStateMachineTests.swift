import Testing

@testable import ReactorFlow

/// The coordinator's intake decisions, on their own: no coordinator, no inbox, no threads.
@Suite("Flow: the intake state machine decides receive now, join the drain, or drain first")
struct StepIntakeStateMachineTests {
  @Test("idle, with nothing waiting in the inbox: a step is received now, and the intake is idle after")
  func receiveNow() {
    var intake = StepIntake()
    let arrival = intake.stepEmitted(inboxHasWaiting: false)
    #expect(arrival == .receiveNow)
    #expect(intake.state == .receiving(joined: false))
    let next = intake.received()
    #expect(next == .done)
    #expect(intake.state == .idle)
  }

  @Test("idle, with steps from other threads waiting: the step goes behind them and they are drained first")
  func drainFirst() {
    var intake = StepIntake()
    let arrival = intake.stepEmitted(inboxHasWaiting: true)
    #expect(arrival == .drainFirst)
    #expect(intake.state == .draining)
    // A drain scheduled meanwhile finds the intake busy: the running drain takes its steps.
    let runs = intake.drainScheduled()
    #expect(!runs)
    intake.drained()
    #expect(intake.state == .idle)
  }

  @Test("a step emitted while one is received joins the running drain, which runs once the first is handled")
  func joinWhileReceiving() {
    var intake = StepIntake()
    _ = intake.stepEmitted(inboxHasWaiting: false)
    let arrival = intake.stepEmitted(inboxHasWaiting: false)
    #expect(arrival == .joinRunningDrain)
    let arrival2 = intake.stepEmitted(inboxHasWaiting: true)
    #expect(arrival2 == .joinRunningDrain)
    #expect(intake.state == .receiving(joined: true))
    let next = intake.received()
    #expect(next == .drain)
    #expect(intake.state == .draining)
    intake.drained()
    #expect(intake.state == .idle)
  }

  @Test("a step emitted while the inbox is drained joins that drain; the inbox is not asked")
  func joinWhileDraining() {
    var intake = StepIntake()
    let runs = intake.drainScheduled()
    #expect(runs)
    var asked = false
    let arrival = intake.stepEmitted(
      inboxHasWaiting: {
        asked = true
        return true
      }())
    #expect(arrival == .joinRunningDrain)
    #expect(!asked)
    #expect(intake.state == .draining)
  }

  @Test("a scheduled drain runs only when the intake is idle")
  func scheduledDrain() {
    var intake = StepIntake()
    let runs = intake.drainScheduled()
    #expect(runs)
    let runs2 = intake.drainScheduled()
    #expect(!runs2)
    intake.drained()
    _ = intake.stepEmitted(inboxHasWaiting: false)
    let runs3 = intake.drainScheduled()
    #expect(!runs3)
    let next = intake.received()
    #expect(next == .done)
    let runs4 = intake.drainScheduled()
    #expect(runs4)
  }
}
