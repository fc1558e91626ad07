import ConcurrencyExtras
import Observation
import ReactorFlow
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

@MainActor
@Suite("Reactor: state observation, async view, Observation, stub and View binding", .checksLeaks)
struct ObservationTests {
  @Test("key-path observation delivers the current value at once and de-duplicates")
  func keyPathDedup() {
    let reactor = TextFieldViewReactor(service: ServiceProvider())
    var lengths: [Int?] = []
    var colours: [Color?] = []
    let bag = DisposeBag()
    reactor.observe(\.lengthOfString) { lengths.append($0) }.disposed(by: bag)
    reactor.observe(\.backgroundColor) { colours.append($0) }.disposed(by: bag)
    reactor.send(.inputField("ab"))
    reactor.send(.inputField("cd"))
    reactor.send(.inputField("xyz"))
    #expect(lengths == [nil, 2, 3])
    #expect(colours == [nil])
  }

  @Test("a disposed observer is not called again, even when disposed during a notification")
  func disposeDuringNotification() {
    let reactor = PassThroughReactor()
    var first: [Int] = []
    var second: [Int] = []
    var secondSubscription: AnyDisposable?
    let firstSubscription = reactor.observe(\.total) { total in
      first.append(total)
      if total == 1 { secondSubscription?.dispose() }
    }
    secondSubscription = reactor.observe(\.total) { second.append($0) }
    reactor.send(.add(1))
    reactor.send(.add(1))
    #expect(first == [0, 1, 2])
    #expect(second == [0])
    #expect(reactor.store.observerCount == 1)
    firstSubscription.dispose()
    #expect(reactor.store.observerCount == 0)
  }

  @Test("the state AsyncSequence replays the latest state, then every change, to each iterator")
  func stateSequenceMulticast() async {
    let reactor = CountingReactor()
    reactor.send(.tick(sender: 0, sequence: 0))
    var first = reactor.state.makeAsyncIterator()
    var second = reactor.state.makeAsyncIterator()
    #expect(await first.next()?.total == 1)
    #expect(await second.next()?.total == 1)
    reactor.send(.tick(sender: 0, sequence: 1))
    reactor.send(.tick(sender: 0, sequence: 2))
    #expect(await first.next()?.total == 2)
    #expect(await first.next()?.total == 3)
    #expect(await second.next()?.total == 2)
  }

  @Test("the state AsyncSequence ends when the reactor is released")
  func stateSequenceEnds() async {
    var reactor: CountingReactor? = CountingReactor()
    var iterator = reactor!.state.makeAsyncIterator()
    #expect(await iterator.next()?.total == 0)
    reactor = nil
    #expect(await iterator.next() == nil)
  }

  @Test("pulses as an AsyncSequence: one value per assignment, none from before")
  func pulsesSequence() async {
    let reactor = TextFieldViewReactor(service: ServiceProvider())
    reactor.send(.inputField("1"))
    var alerts = reactor.pulses(\.$alertMessage).makeAsyncIterator()
    reactor.send(.inputField("2"))
    reactor.send(.inputField("3"))
    #expect(await alerts.next() == "소문자를 입력할 수 없습니다.")
    #expect(await alerts.next() == "소문자를 입력할 수 없습니다.")
  }

  @Test("currentState is tracked by Swift's Observation")
  func observationTracking() {
    let reactor = PassThroughReactor()
    let changes = LockIsolated(0)
    withObservationTracking {
      _ = reactor.currentState.total
    } onChange: {
      changes.withValue { $0 += 1 }
    }
    reactor.send(.add(1))
    #expect(changes.value == 1)
    // Tracking fires once; a new read re-arms it.
    reactor.send(.add(1))
    #expect(changes.value == 1)
    withObservationTracking {
      _ = reactor.currentState.total
    } onChange: {
      changes.withValue { $0 += 1 }
    }
    reactor.send(.add(1))
    #expect(changes.value == 2)
  }

  @Test("stub: actions are recorded, mutate and reduce do not run, stub.state drives the view")
  func stub() {
    let reactor = TextFieldViewReactor(service: ServiceProvider())
    reactor.isStubEnabled = true
    let view = TextFieldViewController(reactor: reactor)
    view.type("hello")
    view.tapSettingButton()
    #expect(reactor.stub.actions.count == 2)
    guard case .inputField("hello") = reactor.stub.actions.first else {
      Issue.record("expected .inputField(\"hello\"), got \(reactor.stub.actions)")
      return
    }
    #expect(reactor.currentState.capitalizedString == nil)
    reactor.stub.state.capitalizedString = "STUBBED"
    #expect(reactor.currentState.capitalizedString == "STUBBED")
    #expect(view.capitalizedStringLabel == "STUBBED")
    reactor.stub.state.alertMessage = "stubbed alert"
    #expect(view.presentedAlerts == ["stubbed alert"])
  }

  @Test("assigning a new reactor ends the bindings to the old one and binds the new one")
  func rebinding() {
    let provider = ServiceProvider()
    let old = TextFieldViewReactor(service: provider)
    let new = TextFieldViewReactor(service: provider)
    let view = TextFieldViewController(reactor: old)
    #expect(old.store.observerCount == 5)
    view.reactor = new
    #expect(old.store.observerCount == 0)
    #expect(new.store.observerCount == 5)
    old.send(.inputField("old"))
    #expect(view.capitalizedStringLabel == "")
    new.send(.inputField("new"))
    #expect(view.capitalizedStringLabel == "NEW")
    view.reactor = nil
    #expect(new.store.observerCount == 0)
  }

  @Test("a transform that drops its input is reported, and actions still work")
  func transformDroppingInput() async {
    final class DroppingReactor: Reactor {
      enum Action { case add }
      struct State { var count = 0 }
      let initialState = State()
      let store = ReactorStore<DroppingReactor>()
      func transform(mutation: Effect<Action>) -> Effect<Action> { .none }
      func reduce(state: State, mutation: Action) -> State { State(count: state.count + 1) }
    }
    let diagnostics = await withDiagnostics {
      let reactor = DroppingReactor()
      reactor.send(.add)
      #expect(reactor.currentState.count == 1)
    }
    #expect(diagnostics == [.reactor(.transformDroppedMutations(reactor: "DroppingReactor"))])
    #expect(diagnostics.first?.message.contains("return `.merge(mutation, other)`") == true)
  }

  @Test("transform(action:) merges a global action stream; transform(state:) adapts each state")
  func transforms() async {
    final class GlobalReactor: Reactor {
      enum Action: Sendable { case add(Int) }
      struct State: Sendable { var total = 0 }
      let initialState = State()
      let store = ReactorStore<GlobalReactor>()
      let globalActions = PublishRelay<Action>()
      func transform(action: Effect<Action>) -> Effect<Action> {
        .merge(action, .from(globalActions))
      }
      func transform(state: State) -> State { State(total: min(state.total, 10)) }
      func reduce(state: State, mutation: Action) -> State {
        switch mutation {
        case .add(let value): return State(total: state.total + value)
        }
      }
    }
    let reactor = GlobalReactor()
    reactor.send(.add(1))
    reactor.globalActions.accept(.add(2))
    for await state in reactor.state where state.total == 3 { break }
    reactor.send(.add(100))
    #expect(reactor.currentState.total == 10)
  }
}
