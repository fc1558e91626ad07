import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// A reactor whose `transform(state:)` is not idempotent: it appends a marker.
final class MarkerReactor: Reactor {
  typealias Action = String
  typealias State = [String]
  let initialState: State = []
  let store = ReactorStore<MarkerReactor>()
  private(set) var reducedFrom: [State] = []

  func reduce(state: State, mutation: Action) -> State {
    reducedFrom.append(state)
    return state + [mutation]
  }

  func transform(state: State) -> State { state + ["t"] }
}

/// A reactor that records the actions it handles.
final class RecordingReactor: Reactor {
  enum Action: Sendable, Equatable { case a, b, c }
  struct State { var handled: [Action] = [] }
  let initialState = State()
  let store = ReactorStore<RecordingReactor>()

  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    newState.handled.append(mutation)
    return newState
  }
}

/// Behaviour that ReactorKit's own tests check, in a ReactorKit user's terms.
@MainActor
@Suite("Parity with ReactorKit: the reactor", .checksLeaks)
struct ReactorKitParityTests {
  // MARK: transform(state:)

  @Test("transform(state:): reduce gets the untransformed state; currentState the transformed one")
  func transformStateIsNotFedBack() {
    let reactor = MarkerReactor()
    var observed: [[String]] = []
    let subscription = reactor.observeState { observed.append($0) }
    reactor.send("a")
    reactor.send("b")
    // ReactorKit: [a, b, t] — not [t, a, t, b, t].
    #expect(reactor.currentState == ["a", "b", "t"])
    #expect(observed == [["t"], ["a", "t"], ["a", "b", "t"]])
    #expect(reactor.reducedFrom == [[], ["a"]])
    subscription.dispose()
  }

  @Test("transform(state:) shapes the initial state too; the stub starts from it")
  func transformStateInitialAndStub() {
    let reactor = MarkerReactor()
    #expect(reactor.currentState == ["t"])
    reactor.isStubEnabled = true
    #expect(reactor.stub.state == ["t"])
    reactor.stub.state = ["x"]
    #expect(reactor.currentState == ["x"])
    reactor.isStubEnabled = false
    // Reducing goes on from the state the stub set, transformed once.
    reactor.send("a")
    #expect(reactor.currentState == ["x", "a", "t"])
  }

  @Test("the default transform(state:) is the identity")
  func identityTransform() {
    let reactor = RecordingReactor()
    reactor.send(.a)
    reactor.send(.b)
    #expect(reactor.currentState.handled == [.a, .b])
  }

  // MARK: action.onNext / accept

  @Test("reactor.action.onNext on the main actor is handled before it returns, like send")
  func acceptOnMainActorIsSynchronous() {
    let reactor = RecordingReactor()
    reactor.action.onNext(.a)
    #expect(reactor.currentState.handled == [.a])
    reactor.action.accept(.b)
    reactor.send(.c)
    #expect(reactor.currentState.handled == [.a, .b, .c])
  }

  @Test("accept(a) from an observer while an action is handled is queued after it (as send)")
  func acceptReentrantIsQueued() {
    let reactor = RecordingReactor()
    var seen: [[RecordingReactor.Action]] = []
    let action = reactor.action
    let subscription = reactor.observeState { state in
      seen.append(state.handled)
      if state.handled == [.a] { action.accept(.b) }
    }
    reactor.send(.a)
    #expect(reactor.currentState.handled == [.a, .b])
    #expect(seen == [[], [.a], [.a, .b]])
    subscription.dispose()
  }

  @Test("accept off the main actor is queued, and each sender's order is kept")
  func acceptOffMainActorIsQueued() async {
    let reactor = RecordingReactor()
    let action = reactor.action
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        action.accept(.a)
        action.accept(.b)
        action.accept(.c)
      }
    }
    // Queued for the main actor (its drain may have run already); handle what is left now.
    reactor.processPendingActions()
    #expect(reactor.currentState.handled == [.a, .b, .c])
  }

  @Test("an action queued off the main actor comes before one accepted on it afterwards")
  func queuedBeforeMainActorAccept() async {
    let reactor = RecordingReactor()
    let action = reactor.action
    await withTaskGroup(of: Void.self) { group in
      group.addTask { action.accept(.a) }
    }
    action.accept(.b)
    #expect(reactor.currentState.handled == [.a, .b])
  }

  // MARK: IdentityEquatable / IdentityHashable

  final class Service: IdentityHashable {
    var name: String
    init(name: String) { self.name = name }
  }

  @Test("IdentityEquatable / IdentityHashable compare and hash by identity")
  func identity() {
    let first = Service(name: "same")
    let second = Service(name: "same")
    #expect(first == first)
    #expect(first != second)
    #expect(Set([first, second, first]).count == 2)
    first.name = "changed"
    #expect(Set([first]).contains(first))
  }

  // MARK: a generic base reactor with subclasses (ReactorKit #30)

  @Test("a generic base reactor with shared behaviour and two subclasses")
  func baseReactorSubclasses() {
    let numbers = NumberListReactor()
    let words = WordListReactor()
    numbers.send(.load)
    words.send(.load)
    words.send(.clear)
    words.send(.load)
    #expect(numbers.currentState.items == [1, 2, 3])
    #expect(numbers.currentState.loads == 1)
    #expect(words.currentState.items == ["a", "b"])
    #expect(words.currentState.loads == 2)
    // The base class's own behaviour, through the protocol's API.
    var counts: [Int] = []
    let subscription = numbers.observe(\.loads) { counts.append($0) }
    numbers.send(.load)
    #expect(counts == [1, 2])
    subscription.dispose()
  }
}

/// A generic base reactor: shared actions and reduce; subclasses say what to load.
class ListReactor<Item>: Reactor {
  enum Action { case load, clear }
  enum Mutation {
    case setItems([Item])
  }
  struct State {
    var items: [Item] = []
    var loads = 0
  }
  let initialState = State()
  let store = ReactorStore<ListReactor<Item>>()

  /// What the subclass loads.
  func items() -> [Item] { [] }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load: .just(.setItems(items()))
    case .clear: .just(.setItems([]))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setItems(let items):
      if !items.isEmpty { newState.loads += 1 }
      newState.items = items
    }
    return newState
  }
}

final class NumberListReactor: ListReactor<Int> {
  override func items() -> [Int] { [1, 2, 3] }
}

final class WordListReactor: ListReactor<String> {
  override func items() -> [String] { ["a", "b"] }
}
