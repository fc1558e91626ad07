import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// What a throttle of one second does with taps sent at whole seconds, the clock advanced one
/// second at a time: the reference the recording is checked against.
struct ThrottleModel {
  let latest: Bool
  /// Whether a window is open (a timer runs).
  private(set) var isOpen = false
  private(set) var pending: Int?
  private(set) var taps: [Int] = []

  /// A tap: through at once when no window is open (which opens one), else held (the latest) or
  /// dropped.
  mutating func tap(_ n: Int) {
    if isOpen {
      if latest { pending = n }
    } else {
      taps.append(n)
      isOpen = true
    }
  }

  /// One second passes: an open window closes, letting the held tap through (which opens the
  /// next window).
  mutating func advance() {
    guard isOpen else { return }
    isOpen = false
    if let held = pending {
      pending = nil
      taps.append(held)
      isOpen = true
    }
  }
}

/// A replay runs no timer: a throttle's window there never closes. However the taps and the
/// seconds interleave, what the recording's windows let through is the stream's output, and the
/// replay, delivering what its own window holds back, reaches the recorded state.
@Suite("Random taps through a throttled stream replay faithfully", .checksLeaks)
@MainActor
struct RandomTapsThroughAThrottledStreamReplayFaithfullyTests {
  @Test(
    "taps and seconds in a random order: the recording follows the model, the replay reaches its state",
    arguments: [true, false], ThrottledHook.allCases)
  func randomScripts(latest: Bool, hook: ThrottledHook) async {
    var random = SplitMix64(startingAt: latest ? 0x7A9 : 0x7B1)
    for trial in 0..<25 {
      let script = (0..<Int.random(in: 1...12, using: &random)).map { _ in Bool.random(using: &random) }
      await check(script, latest: latest, hook: hook, trial: trial)
    }
  }

  /// Runs `script` (`true`: a tap, `false`: one second) on a recorded reactor, then replays it.
  private func check(_ script: [Bool], latest: Bool, hook: ThrottledHook, trial: Int) async {
    let source = JournalSource.app.appending("TapScreen").appending("ThrottledTapReactor")
    let recorder = JournalRecorder()
    let clock = SleepCountingClock()
    let reactor = ThrottledTapReactor(clock: clock, latest: latest, hook: hook)
    reactor.record(into: recorder, as: source)
    var model = ThrottleModel(latest: latest)
    for (n, isTap) in script.enumerated() {
      if isTap {
        reactor.send(.tap(n))
        model.tap(n)
      } else {
        // An open window is one timer sleeping on the clock.
        await clock.base.advance(by: .seconds(1), afterSleepers: model.isOpen ? 1 : 0)
        model.advance()
      }
    }
    let described = "trial \(trial): \(script.map { $0 ? "tap" : "1s" })"
    #expect(reactor.currentState.taps == model.taps, "\(described)")

    let replayClock = SleepCountingClock()
    await expectFaithfulReplay(
      of: recorder.journal, at: source, on: replayClock, reaching: reactor.currentState,
      context: "\(described): "
    ) {
      ThrottledTapReactor(clock: replayClock, latest: latest, hook: hook)
    }
  }
}
