import ConcurrencyExtras
import Observation
import ReactorFlow
import ReactorFlowTesting
import Testing

/// A screen's state with fields of every kind a view reads one by one.
private final class ProfileReactor: Reactor {
  struct Profile: Equatable {
    var name = "Ann"
    var age = 30
  }

  /// Not `Equatable`: every change of the state counts as a change of it.
  struct Opaque { var tag = 0 }

  struct State {
    var title = "Profile"
    var count = 0
    var profile = Profile()
    var opaque = Opaque()
    var tags: [String] = []
    @Pulse var alertMessage: String?
  }

  enum Action {
    case setTitle(String)
    case increment
    case setName(String)
    case setAge(Int)
    case alert(String)
    case setTag(Int)
    case addTag(String)
  }

  let initialState = State()
  let store = ReactorStore<ProfileReactor>()

  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    switch mutation {
    case .setTitle(let title): newState.title = title
    case .increment: newState.count += 1
    case .setName(let name): newState.profile.name = name
    case .setAge(let age): newState.profile.age = age
    case .alert(let message): newState.alertMessage = message
    case .setTag(let tag): newState.opaque.tag = tag
    case .addTag(let tag): newState.tags.append(tag)
    }
    return newState
  }
}

/// Counts the `onChange` calls of one `withObservationTracking` read.
@MainActor
private final class Tracker {
  let changes = LockIsolated(0)

  /// Reads with `read` inside `withObservationTracking`; one more change is counted when it fires.
  func track(_ read: () -> Void) {
    let changes = self.changes
    withObservationTracking(read) { changes.withValue { $0 += 1 } }
  }

  var count: Int { changes.value }
}

@MainActor
@Suite("Reactor: per-property observation (reactor[\\.field])", .checksLeaks)
struct PerPropertyObservationTests {
  @Test("reading title does not fire on a count change, fires once on a title change")
  func onlyTheReadProperty() {
    let reactor = ProfileReactor()
    let tracker = Tracker()
    tracker.track { _ = reactor[\.title] }
    reactor.send(.increment)
    reactor.send(.increment)
    #expect(tracker.count == 0)
    reactor.send(.setTitle("Settings"))
    #expect(tracker.count == 1)
    #expect(reactor[\.title] == "Settings")
  }

  @Test("exactly once per change: onChange fires once, a new read re-arms it")
  func oncePerChange() {
    let reactor = ProfileReactor()
    let tracker = Tracker()
    tracker.track { _ = reactor[\.title] }
    reactor.send(.setTitle("A"))
    reactor.send(.setTitle("B"))
    #expect(tracker.count == 1)
    for (index, title) in ["C", "D", "E"].enumerated() {
      tracker.track { _ = reactor[\.title] }
      reactor.send(.increment)
      reactor.send(.setTitle(title))
      #expect(tracker.count == index + 2)
    }
  }

  @Test("assigning an equal value is not a change")
  func equalValueIsNoChange() {
    let reactor = ProfileReactor()
    let tracker = Tracker()
    tracker.track { _ = reactor[\.title] }
    reactor.send(.setTitle("Profile"))
    #expect(tracker.count == 0)
    reactor.send(.setTitle("Other"))
    #expect(tracker.count == 1)
  }

  @Test("nested key paths: profile.age fires on an age change only")
  func nestedKeyPath() {
    let reactor = ProfileReactor()
    let age = Tracker()
    let profile = Tracker()
    age.track { _ = reactor[\.profile.age] }
    profile.track { _ = reactor[\.profile] }
    reactor.send(.setName("Bob"))
    #expect(age.count == 0)
    #expect(profile.count == 1)
    reactor.send(.setAge(31))
    #expect(age.count == 1)
    #expect(reactor[\.profile.age] == 31)
  }

  @Test("a @Pulse read through its projection fires on every assignment, even of an equal value")
  func pulseFiresOnEveryPulse() {
    let reactor = ProfileReactor()
    let tracker = Tracker()
    for expected in 1...3 {
      tracker.track { _ = reactor[\.$alertMessage] }
      reactor.send(.increment)
      reactor.send(.alert("Same message"))
      #expect(tracker.count == expected)
    }
    #expect(reactor[\.$alertMessage].value == "Same message")
  }

  @Test("a value that is not Equatable fires on every change of the state")
  func notEquatableFiresOnEveryChange() {
    let reactor = ProfileReactor()
    let tracker = Tracker()
    tracker.track { _ = reactor[\.opaque].tag }
    reactor.send(.increment)
    #expect(tracker.count == 1)
  }

  @Test("a computed (non-stored) key path is compared through the key path")
  func computedKeyPath() {
    let reactor = ProfileReactor()
    let tracker = Tracker()
    tracker.track { _ = reactor[\.tags.count] }
    reactor.send(.increment)
    #expect(tracker.count == 0)
    reactor.send(.addTag("swift"))
    #expect(tracker.count == 1)
  }

  @Test("several properties in one read: any of them fires, once")
  func severalProperties() {
    let reactor = ProfileReactor()
    let tracker = Tracker()
    tracker.track {
      _ = reactor[\.title]
      _ = reactor[\.count]
    }
    reactor.send(.setName("Bob"))
    #expect(tracker.count == 0)
    reactor.send(.increment)
    reactor.send(.setTitle("X"))
    #expect(tracker.count == 1)
  }

  @Test("two trackers of the same property both fire; currentState still tracks the whole state")
  func twoTrackersAndWholeState() {
    let reactor = ProfileReactor()
    let first = Tracker()
    let second = Tracker()
    let whole = Tracker()
    first.track { _ = reactor[\.title] }
    second.track { _ = reactor[\.title] }
    whole.track { _ = reactor.currentState.title }
    reactor.send(.increment)
    #expect(first.count == 0)
    #expect(second.count == 0)
    #expect(whole.count == 1)
    reactor.send(.setTitle("X"))
    #expect(first.count == 1)
    #expect(second.count == 1)
    #expect(whole.count == 1)
  }

  @Test("a property stays tracked across changes of other properties, until it changes")
  func staysArmed() {
    let reactor = ProfileReactor()
    let title = Tracker()
    let count = Tracker()
    title.track { _ = reactor[\.title] }
    count.track { _ = reactor[\.count] }
    reactor.send(.increment)
    #expect(count.count == 1)
    reactor.send(.increment)
    reactor.send(.setTitle("X"))
    #expect(title.count == 1)
    #expect(count.count == 1)
  }

  @Test("the stub's state drives per-property tracking too")
  func stubState() {
    let reactor = ProfileReactor()
    reactor.isStubEnabled = true
    let tracker = Tracker()
    tracker.track { _ = reactor[\.title] }
    reactor.stub.state.count = 5
    #expect(tracker.count == 0)
    reactor.stub.state.title = "Stubbed"
    #expect(tracker.count == 1)
  }

  @Test("onChange runs before the state's observers see the change (Observation's willSet)")
  func willSetOrder() {
    let reactor = ProfileReactor()
    let observed = LockIsolated("")
    let seenInOnChange = LockIsolated<String?>(nil)
    let subscription = reactor.observe(\.title) { observed.setValue($0) }
    withObservationTracking {
      _ = reactor[\.title]
    } onChange: {
      seenInOnChange.setValue(observed.value)
    }
    reactor.send(.setTitle("New"))
    #expect(seenInOnChange.value == "Profile")
    #expect(observed.value == "New")
    subscription.dispose()
  }
}

/// A pulse whose value is not `Equatable`.
private final class ErrorReactor: Reactor {
  struct Failure { var code: Int }
  struct State {
    var count = 0
    @Pulse var failure: Failure?
  }
  enum Action {
    case increment
    case fail(Int)
  }
  let initialState = State()
  let store = ReactorStore<ErrorReactor>()

  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    switch mutation {
    case .increment: newState.count += 1
    case .fail(let code): newState.failure = Failure(code: code)
    }
    return newState
  }
}

@MainActor
@Suite("Reactor: per-property observation of a pulse of a non-Equatable value", .checksLeaks)
struct NonEquatablePulseTrackingTests {
  @Test("fires on each pulse and not on other changes")
  func firesOnPulsesOnly() {
    let reactor = ErrorReactor()
    let tracker = Tracker()
    tracker.track { _ = reactor[\.$failure] }
    reactor.send(.increment)
    #expect(tracker.count == 0)
    reactor.send(.fail(1))
    #expect(tracker.count == 1)
    tracker.track { _ = reactor[\.$failure] }
    reactor.send(.fail(1))
    #expect(tracker.count == 2)
  }
}
