import ConcurrencyExtras
import Observation
import ReactorFlow
import ReactorFlowSwiftUI
import ReactorFlowSwiftUIExamples
import ReactorFlowTesting
import Testing

/// A search screen's reactor: one text field, a result count, an error pulse.
private final class SearchReactor: Reactor {
  enum Action: Equatable {
    case setQuery(String)
    case fail(String)
    case refresh
  }
  struct State {
    var query = ""
    var results = 0
    @Pulse var error: String?
  }
  let initialState = State()
  let store = ReactorStore<SearchReactor>()

  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    switch mutation {
    case .setQuery(let query): newState.query = query
    case .fail(let message): newState.error = message
    case .refresh: newState.results += 1
    }
    return newState
  }
}

/// Counts the `onChange` calls of `withObservationTracking` reads.
@MainActor
private final class Tracker {
  let changes = LockIsolated(0)
  func track(_ read: () -> Void) {
    let changes = self.changes
    withObservationTracking(read) { changes.withValue { $0 += 1 } }
  }
  var count: Int { changes.value }
}

@MainActor
@Suite("SwiftUI adapter: bindings, ownership and pulses (platform-neutral parts)", .checksLeaks)
struct SwiftUIAdapterTests {
  @Test("a binding reads its property and sends an action when written")
  func bindingReadsAndSends() {
    let reactor = SearchReactor()
    let query = reactor.bindingModel(\.query) { .setQuery($0) }
    #expect(query.value == "")
    query.value = "swift"
    #expect(reactor.currentState.query == "swift")
    #expect(query.value == "swift")
  }

  @Test("a binding's read is tracked for its property alone")
  func bindingTrackedPerProperty() {
    let reactor = SearchReactor()
    let query = reactor.bindingModel(\.query) { .setQuery($0) }
    let tracker = Tracker()
    tracker.track { _ = query.value }
    reactor.send(.refresh)
    #expect(tracker.count == 0)
    query.value = "a"
    #expect(tracker.count == 1)
  }

  @Test("with a stubbed reactor, writing a binding records the action (view tests)")
  func bindingWithStub() {
    let reactor = SearchReactor()
    reactor.isStubEnabled = true
    let query = reactor.bindingModel(\.query) { .setQuery($0) }
    query.value = "typed"
    #expect(reactor.stub.actions == [.setQuery("typed")])
    #expect(query.value == "")
    reactor.stub.state.query = "stubbed"
    #expect(query.value == "stubbed")
  }

  @Test("a holder makes its reactor once, on first use, and releases it with itself")
  func holderOwnership() {
    var made = 0
    weak var reactor: SearchReactor?
    do {
      let holder = ReactorHolder { () -> SearchReactor in
        made += 1
        return SearchReactor()
      }
      // SwiftUI makes the view struct (and a holder) again on every parent update: the
      // discarded holders never make their reactor.
      _ = ReactorHolder { () -> SearchReactor in
        made += 1
        return SearchReactor()
      }
      #expect(!holder.isMade)
      #expect(made == 0)
      reactor = holder.reactor
      #expect(holder.reactor === reactor)
      #expect(made == 1)
      #expect(holder.isMade)
    }
    #expect(reactor == nil)
  }

  @Test("a pulse is presented once: not from before the view, once per pulse, handled on dismissal")
  func pulseOnce() {
    let reactor = SearchReactor()
    reactor.send(.fail("old"))
    let handling = PulseHandling()
    let alert = reactor.pulseBinding(\.$error, handledBy: handling)
    #expect(alert.value == nil)  // the pulse from before the view is not shown
    reactor.send(.fail("boom"))
    #expect(alert.value == "boom")
    #expect(alert.value == "boom")  // a redraw shows it still, until it is dismissed
    alert.value = nil
    #expect(alert.value == nil)
    reactor.send(.fail("boom"))  // the same message again is a new pulse
    #expect(alert.value == "boom")
  }

  @Test("a pending pulse invalidates the view on each pulse, not on other changes")
  func pulseTracked() {
    let reactor = SearchReactor()
    let alert = reactor.pulseBinding(\.$error, handledBy: PulseHandling())
    let tracker = Tracker()
    tracker.track { _ = alert.value }
    reactor.send(.refresh)
    #expect(tracker.count == 0)
    reactor.send(.fail("x"))
    #expect(tracker.count == 1)
  }

  @Test("seed 004's text-field reactor: uppercases, counts, alerts on digits, asks for settings")
  func seed004Reactor() async {
    let reactor = TextFieldReactor()
    let text = reactor.bindingModel(\.text) { .inputField($0) }
    let alert = reactor.pulseBinding(\.$alertMessage, handledBy: PulseHandling())
    #expect(alert.value == nil)
    text.value = "hello"
    #expect(reactor[\.capitalizedString] == "HELLO")
    #expect(reactor[\.lengthOfString] == 5)
    text.value = "a1"
    #expect(alert.value == TextFieldReactor.digitAlert)
    var steps = reactor.steps.makeAsyncIterator()
    reactor.send(.didTapSettingButton)
    #expect(await steps.next() as? TextFieldStep == .settingsAreRequired)
  }
}

/// A form whose fields are bound through one action case.
private final class NameFormReactor: Reactor {
  enum Action: BindableAction {
    case binding(BindingChange<State>)
  }
  struct State {
    var name = ""
    var notifies = false
  }
  let initialState = State()
  let store = ReactorStore<NameFormReactor>()
  func reduce(state: State, mutation: Action) -> State {
    var state = state
    switch mutation {
    case .binding(let change): change.apply(to: &state)
    }
    return state
  }
}

@MainActor
@Suite("Bindings through the action's one binding case", .checksLeaks)
struct BindableActionBindingTests {
  @Test("writing a field's binding sends .binding(.set(field, value)); reading it reads the field")
  func bindingWritesThroughTheAction() {
    let reactor = NameFormReactor()
    let name = reactor.bindingModel(\.name)
    let notifies = reactor.bindingModel(\.notifies)
    name.value = "Ada"
    notifies.value = true
    #expect(reactor.currentState.name == "Ada")
    #expect(reactor.currentState.notifies)
    #expect(name.value == "Ada")
  }
}
