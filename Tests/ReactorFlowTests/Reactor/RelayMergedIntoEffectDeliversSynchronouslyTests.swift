import ReactorFlow
import ReactorFlowTesting
import Testing

/// The task service of the RxTodo example: the edit screen saves through it, the list hears its
/// events.
final class TodoTaskService: Sendable {
  enum Event: Sendable, Equatable {
    case create(String)
    case delete(String)
  }
  let event = PublishRelay<Event>()

  func create(_ title: String) { event.accept(.create(title)) }
}

/// The list of tasks: merges the service's events in `transform(mutation:)`.
final class TodoListReactor: Reactor {
  enum Action: Sendable { case refresh }
  enum Mutation: Sendable {
    case insert(String)
    case remove(String)
  }
  struct State: Sendable { var titles: [String] = [] }

  let initialState = State()
  let store = ReactorStore<TodoListReactor>()
  let service: TodoTaskService

  init(service: TodoTaskService) { self.service = service }

  func mutate(action: Action) -> Effect<Mutation> { .none }

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    let events: Effect<Mutation> = Effect.from(service.event).map { event in
      switch event {
      case .create(let title): .insert(title)
      case .delete(let title): .remove(title)
      }
    }
    return .merge(mutation, events)
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .insert(let title): newState.titles.insert(title, at: 0)
    case .remove(let title): newState.titles.removeAll { $0 == title }
    }
    return newState
  }
}

/// The edit screen: saving creates the task through the service, then dismisses the screen.
final class TodoEditReactor: Reactor {
  enum Action: Sendable { case submit(String) }
  enum Mutation: Sendable { case dismiss }
  struct State: Sendable { var isDismissed = false }

  let initialState = State()
  let store = ReactorStore<TodoEditReactor>()
  let service: TodoTaskService

  init(service: TodoTaskService) { self.service = service }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .submit(let title):
      service.create(title)
      return .just(.dismiss)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    newState.isDismissed = true
    return newState
  }
}

@MainActor
@Suite("A relay merged into an effect delivers synchronously on the main actor", .checksLeaks)
struct RelayMergedIntoEffectDeliversSynchronouslyTests {
  @Test("the list has the new row before the edit screen's dismissal is processed")
  func newRowBeforeDismissal() async {
    let service = TodoTaskService()
    let list = TodoListReactor(service: service)
    _ = list.currentState
    let edit = TodoEditReactor(service: service)
    var rowsWhenDismissed: [String]?
    let observation = edit.observe(\.isDismissed) { isDismissed in
      if isDismissed { rowsWhenDismissed = list.currentState.titles }
    }
    edit.send(.submit("Buy milk"))
    #expect(rowsWhenDismissed == ["Buy milk"])
    observation.dispose()
  }

  @Test("each element accepted on the main actor is reduced before accept returns, in order")
  func acceptDeliversAtOnce() {
    let service = TodoTaskService()
    let list = TodoListReactor(service: service)
    _ = list.currentState
    service.event.accept(.create("a"))
    #expect(list.currentState.titles == ["a"])
    service.event.accept(.create("b"))
    service.event.accept(.delete("a"))
    #expect(list.currentState.titles == ["b"])
  }

  @Test("elements accepted on other threads arrive on the main actor, in order")
  func acceptFromOtherThreads() async {
    let service = TodoTaskService()
    let list = TodoListReactor(service: service)
    _ = list.currentState
    await Task.detached {
      for index in 0..<50 { service.event.accept(.create("\(index)")) }
    }.value
    await expectEventually("50 rows") { list.currentState.titles.count == 50 }
    #expect(list.currentState.titles == (0..<50).reversed().map { "\($0)" })
  }

  @Test("a relay element is not reduced once the effect that merged it is cancelled")
  func cancelledRelayEffectDropsElements() {
    let relay = PublishRelay<Int>()
    let reactor = RelayLoaderReactor(relay: relay)
    reactor.send(.listen)
    relay.accept(1)
    #expect(reactor.currentState.values == [1])
    reactor.send(.stop)
    relay.accept(2)
    #expect(reactor.currentState.values == [1])
    #expect(relay.subscriberCount == 0)
  }
}

/// Listens to a relay in a cancellable effect of `mutate`.
final class RelayLoaderReactor: Reactor {
  enum Action: Sendable {
    case listen
    case stop
  }
  typealias Mutation = Int
  struct State: Sendable { var values: [Int] = [] }

  let initialState = State()
  let store = ReactorStore<RelayLoaderReactor>()
  let relay: PublishRelay<Int>

  init(relay: PublishRelay<Int>) { self.relay = relay }

  func mutate(action: Action) -> Effect<Int> {
    switch action {
    case .listen: .from(relay).cancellable(id: "relay")
    case .stop: .cancel(id: "relay")
    }
  }

  func reduce(state: State, mutation: Int) -> State {
    var newState = state
    newState.values.append(mutation)
    return newState
  }
}
