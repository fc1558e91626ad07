import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowJournal
import ReactorFlowTesting
import Testing

/// A note whose `.submit` first takes the edits other threads sent it (`processPendingActions()`):
/// an edit queued off the main actor reaches it while it handles `.submit`.
final class NoteReactor: Reactor {
  enum Action: Equatable, Codable, Sendable { case submit, edit(String) }
  enum Mutation: Equatable, Codable, Sendable { case submitted, setText(String) }
  struct State: Equatable, Codable {
    var text = ""
    /// What was reduced, in order.
    var log: [String] = []
  }

  let initialState = State()
  let store = ReactorStore<NoteReactor>()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .submit:
      processPendingActions()
      return .just(.submitted)
    case .edit(let text):
      return .just(.setText(text))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .submitted: state.log.append("submitted")
    case .setText(let text):
      state.text = text
      state.log.append("text \(text)")
    }
    return state
  }
}

final class NoteScreen: Screen, View {
  var disposeBag = DisposeBag()
  var reactor: NoteReactor?

  init(reactor: NoteReactor) {
    self.reactor = reactor
    super.init(title: "Note")
  }

  func bind(reactor: NoteReactor) {}
}

/// Sends `action` from another thread, and returns once it waits in the reactor's inbox: the
/// caller, which does not suspend, keeps the main actor, so the inbox's own drain has not run.
/// The sender is a thread of its own: a task would need a thread of the concurrency pool, which
/// other tests may all be holding while this one blocks the main actor.
func acceptFromAnotherThread<Action: Sendable>(_ action: Action, by sender: ActionSender<Action>) {
  let queued = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    sender.accept(action)
    queued.signal()
  }
  queued.wait()
}

@Suite(
  "An action sent from another thread is recorded, even when it arrives while the reactor handles another",
  .checksLeaks)
@MainActor
struct AnActionFromAnotherThreadIsRecordedWhileAnotherIsHandledTests {
  let source = JournalSource.app.appending("NoteScreen").appending("NoteReactor")

  /// The note app: its screen's reactor recorded where it sits; the state is the reactor's.
  func exploration() -> Exploration {
    var exploration = Exploration { [source] run in
      let reactor = NoteReactor()
      if let recorder = run.recorder { reactor.record(into: recorder, as: source) }
      run.window.rootViewController = NoteScreen(reactor: reactor)
    }
    exploration.state = { window in
      ((window.rootViewController as? NoteScreen)?.reactor?.currentState).map { "\($0)" } ?? ""
    }
    exploration.progress = .never
    return exploration
  }

  @Test(
    "the edit is an action entry, before the mutation it makes, and the journal replays to the same state")
  func recordedAndReplayed() async throws {
    let recorder = JournalRecorder()
    let reactor = NoteReactor()
    reactor.record(into: recorder, as: source)
    acceptFromAnotherThread(.edit("draft"), by: reactor.action)
    // Still on the main actor since the edit was queued: `.submit` drains it.
    reactor.send(.submit)
    #expect(reactor.currentState.log == ["submitted", "text draft"])
    let journal = recorder.journal
    let entries = journal.entries.filter { $0.event.kind != .diagnostic }
    #expect(
      entries.map { "\($0.event.kind): \(JournalTracer.text(of: $0.event))" } == [
        "action: submit", #"action: edit("draft")"#, "mutation: submitted", #"mutation: setText("draft")"#,
      ])

    let replay = await exploration().replay(
      journal, checking: JournalReplay.defaultChecks.subtracting([.diagnostic]))
    #expect(replay.isFaithful, "\(replay.divergence?.description ?? "")")
    #expect(replay.fedCount == 2)
    #expect(replay.finalState == "\(reactor.currentState)")

    // Written to a file and read back, it replays too.
    let data = try journal.jsonLines(header: JournalHeader(app: "Note", build: "1"))
    let read = try JournalReader(expectedApp: "Note").read(data).journal
    let fromFile = await exploration().replay(
      read, checking: JournalReplay.defaultChecks.subtracting([.diagnostic]))
    #expect(fromFile.isFaithful, "\(fromFile.divergence?.description ?? "")")
    #expect(fromFile.finalState == "\(reactor.currentState)")
  }
}
