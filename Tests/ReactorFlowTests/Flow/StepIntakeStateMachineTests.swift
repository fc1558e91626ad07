import Testing

@testable import ReactorFlow

/// The coordinator's intake decisions, on their own: no coordinator, no inbox, no threads.
@Suite("Flow: the intake state machine decides receive now, join the drain, or drain first")
struct StepIntakeStateMachineTests {
  @Test("idle, with nothing waiting in the inbox: a step is received now, and the intake is idle after")
  func receiveNow() {
    var intake = StepIntake()
    let result1 = intake.stepEmitted(inboxHasWaiting: false)
    #expect(result1 == .receiveNow)
    #expect(intake.state == .receiving(joined: false))
    let result2 = intake.received()
    #expect(result2 == .done)
    #expect(intake.state == .idle)
  }

  @Test("idle, with steps from other threads waiting: the step goes behind them and they are drained first")
  func drainFirst() {
    var intake = StepIntake()
    let result3 = intake.stepEmitted(inboxHasWaiting: true)
    #expect(result3 == .drainFirst)
    #expect(intake.state == .draining)
    // A drain scheduled meanwhile finds the intake busy: the running drain takes its steps.
    let result4 = intake.drainScheduled()
    #expect(!result4)
    intake.drained()
    #expect(intake.state == .idle)
  }

  @Test("a step emitted while one is received joins the running drain, which runs once the first is handled")
  func joinWhileReceiving() {
    var intake = StepIntake()
    _ = intake.stepEmitted(inboxHasWaiting: false)
    let result5 = intake.stepEmitted(inboxHasWaiting: false)
    #expect(result5 == .joinRunningDrain)
    let result6 = intake.stepEmitted(inboxHasWaiting: true)
    #expect(result6 == .joinRunningDrain)
    #expect(intake.state == .receiving(joined: true))
    let result7 = intake.received()
    #expect(result7 == .drain)
    #expect(intake.state == .draining)
    intake.drained()
    #expect(intake.state == .idle)
  }

  @Test("a step emitted while the inbox is drained joins that drain; the inbox is not asked")
  func joinWhileDraining() {
    var intake = StepIntake()
    let result8 = intake.drainScheduled()
    #expect(result8)
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
    let result9 = intake.drainScheduled()
    #expect(result9)
    let result10 = intake.drainScheduled()
    #expect(!result10)
    intake.drained()
    _ = intake.stepEmitted(inboxHasWaiting: false)
    let result11 = intake.drainScheduled()
    #expect(!result11)
    let result12 = intake.received()
    #expect(result12 == .done)
    let result13 = intake.drainScheduled()
    #expect(result13)
  }
}
