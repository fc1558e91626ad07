import ReactorFlow
import ReactorFlowTesting
import Testing

// Every spelling of `Mutation` that ReactorKit accepts, as ReactorKit apps and blog posts write
// it. This file is a compile test: each reactor below must conform as written (ReactorKit's
// `associatedtype Mutation = Action`, its default `mutate` and its default `reduce`), and the
// suite checks that each behaves as it does in ReactorKit.

/// `Mutation` left out, and `reduce` names it: the mutation is the action.
final class MutationLeftOutNamedInReduceReactor: Reactor {
  enum Action: Sendable { case increase, decrease }
  struct State: Sendable, Equatable { var value = 0 }

  let initialState = State()
  let store = ReactorStore<MutationLeftOutNamedInReduceReactor>()

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .increase: newState.value += 1
    case .decrease: newState.value -= 1
    }
    return newState
  }
}

/// `Mutation` left out, and `reduce` takes an `Action`.
final class MutationLeftOutReduceTakesActionReactor: Reactor {
  enum Action: Sendable { case increase, decrease }
  struct State: Sendable, Equatable { var value = 0 }

  let initialState = State()
  let store = ReactorStore<MutationLeftOutReduceTakesActionReactor>()

  func reduce(state: State, mutation: Action) -> State {
    var newState = state
    switch mutation {
    case .increase: newState.value += 1
    case .decrease: newState.value -= 1
    }
    return newState
  }
}

/// `typealias Mutation = Action`, written out.
final class MutationAliasedToActionReactor: Reactor {
  enum Action: Sendable { case increase, decrease }
  typealias Mutation = Action
  struct State: Sendable, Equatable { var value = 0 }

  let initialState = State()
  let store = ReactorStore<MutationAliasedToActionReactor>()

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .increase: newState.value += 1
    case .decrease: newState.value -= 1
    }
    return newState
  }
}

/// `Mutation` left out in a generic, non-final base class whose subclass inherits everything.
class MutationLeftOutGenericBaseReactor<Item: Sendable>: Reactor {
  enum Action: Sendable { case add(Item) }
  struct State: Sendable { var items: [Item] = [] }

  let initialState = State()
  let store = ReactorStore<MutationLeftOutGenericBaseReactor<Item>>()

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .add(let item): newState.items.append(item)
    }
    return newState
  }
}

final class MutationLeftOutSubclassReactor: MutationLeftOutGenericBaseReactor<String> {}

/// A case-less `Mutation` and no `reduce`: the state stays as it is; `mutate` only has effects.
final class CaselessMutationWithoutReduceReactor: Reactor {
  enum Action: Sendable { case tap }
  enum Mutation {}
  struct State: Sendable, Equatable { var value = 7 }

  let initialState = State()
  let store = ReactorStore<CaselessMutationWithoutReduceReactor>()
  private(set) var taps = 0

  func mutate(action: Action) -> Effect<Mutation> {
    taps += 1
    return .none
  }
}

/// A case-less `Mutation`, no `mutate` and no `reduce`.
final class CaselessMutationWithNothingWrittenReactor: Reactor {
  enum Action: Sendable { case tap }
  enum Mutation {}
  struct State: Sendable, Equatable { var value = 7 }

  let initialState = State()
  let store = ReactorStore<CaselessMutationWithNothingWrittenReactor>()
}

/// `typealias Action = NoAction`: no `Mutation`, no `mutate`, no `reduce`.
final class NoActionSpellingReactor: Reactor {
  typealias Action = NoAction
  struct State: Sendable, Equatable { var title: String }

  let initialState: State
  let store = ReactorStore<NoActionSpellingReactor>()

  init(title: String) { initialState = State(title: title) }
}

/// ReactorKit's own spelling of a reactor without actions: `typealias Action = Never`.
final class NeverActionReactor: Reactor {
  typealias Action = Never
  struct State: Sendable, Equatable { var title = "cell" }

  let initialState = State()
  let store = ReactorStore<NeverActionReactor>()
}

/// ReactorKit's tests: `typealias Action = Never` and `typealias Mutation = Never`.
final class NeverActionNeverMutationReactor: Reactor {
  typealias Action = Never
  typealias Mutation = Never
  struct State: Sendable, Equatable { var title = "cell" }

  let initialState = State()
  let store = ReactorStore<NeverActionNeverMutationReactor>()
}

/// No `mutate`: ReactorKit's default gives no mutation; the mutations come from a merged stream.
final class MutateLeftOutReactor: Reactor {
  enum Action: Sendable { case tap }
  enum Mutation: Sendable { case setValue(Int) }
  struct State: Sendable, Equatable { var value = 0 }

  let initialState = State()
  let store = ReactorStore<MutateLeftOutReactor>()
  let values = PublishRelay<Int>()

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    .merge(mutation, Effect.from(values).map { .setValue($0) })
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setValue(let value): State(value: value)
    }
  }
}

/// `Mutation` left out, inferred from what `mutate` and `reduce` are written with: unchanged by
/// the defaults.
enum InferredCounterMutation: Sendable { case add(Int) }

final class MutationInferredFromWitnessesReactor: Reactor {
  enum Action: Sendable { case addTwo }
  struct State: Sendable, Equatable { var value = 0 }

  let initialState = State()
  let store = ReactorStore<MutationInferredFromWitnessesReactor>()

  func mutate(action: Action) -> Effect<InferredCounterMutation> {
    switch action {
    case .addTwo: .just(.add(2))
    }
  }

  func reduce(state: State, mutation: InferredCounterMutation) -> State {
    switch mutation {
    case .add(let amount): State(value: state.value + amount)
    }
  }
}

/// `Mutation` left out, inferred from `reduce` alone (no `mutate`): nothing is mutated by actions.
final class MutationInferredFromReduceAloneReactor: Reactor {
  enum Action: Sendable { case addTwo }
  struct State: Sendable, Equatable { var value = 0 }

  let initialState = State()
  let store = ReactorStore<MutationInferredFromReduceAloneReactor>()

  func reduce(state: State, mutation: InferredCounterMutation) -> State {
    switch mutation {
    case .add(let amount): State(value: state.value + amount)
    }
  }
}

@MainActor
@Suite("ReactorKit's spellings of Mutation and its default mutate and reduce", .checksLeaks)
struct ReactorKitMutationSpellingsAndDefaultsTests {
  @Test("Mutation left out, named in reduce: it is the action, passed through by mutate")
  func mutationLeftOutNamedInReduce() {
    #expect(
      MutationLeftOutNamedInReduceReactor.Mutation.self == MutationLeftOutNamedInReduceReactor.Action.self)
    let reactor = MutationLeftOutNamedInReduceReactor()
    reactor.send(.increase)
    reactor.send(.increase)
    reactor.send(.decrease)
    #expect(reactor.currentState == .init(value: 1))
  }

  @Test("Mutation left out, reduce takes an Action: the action is passed through by mutate")
  func mutationLeftOutReduceTakesAction() {
    #expect(
      MutationLeftOutReduceTakesActionReactor.Mutation.self
        == MutationLeftOutReduceTakesActionReactor.Action.self)
    let reactor = MutationLeftOutReduceTakesActionReactor()
    reactor.send(.increase)
    reactor.send(.increase)
    reactor.send(.decrease)
    #expect(reactor.currentState == .init(value: 1))
  }

  @Test("typealias Mutation = Action: the action is passed through by mutate")
  func mutationAliasedToAction() {
    #expect(MutationAliasedToActionReactor.Mutation.self == MutationAliasedToActionReactor.Action.self)
    let reactor = MutationAliasedToActionReactor()
    reactor.send(.decrease)
    #expect(reactor.currentState == .init(value: -1))
  }

  @Test("Mutation left out in a generic base class: its subclass passes actions through")
  func mutationLeftOutInAGenericBaseClass() {
    #expect(MutationLeftOutSubclassReactor.Mutation.self == MutationLeftOutSubclassReactor.Action.self)
    let reactor = MutationLeftOutSubclassReactor()
    reactor.send(.add("swift"))
    reactor.send(.add("ios"))
    #expect(reactor.currentState.items == ["swift", "ios"])
  }

  @Test("a case-less Mutation without reduce keeps its state; mutate still runs")
  func caselessMutationWithoutReduce() {
    let reactor = CaselessMutationWithoutReduceReactor()
    reactor.send(.tap)
    reactor.send(.tap)
    #expect(reactor.taps == 2)
    #expect(reactor.currentState == .init(value: 7))
  }

  @Test("a case-less Mutation without mutate or reduce keeps its state")
  func caselessMutationWithNothingWritten() async {
    let reactor = CaselessMutationWithNothingWrittenReactor()
    reactor.send(.tap)
    await reactor.store.waitUntilIdle()
    #expect(reactor.currentState == .init(value: 7))
  }

  @Test("typealias Action = NoAction: Mutation is NoAction, the state the one it was made with")
  func noAction() {
    #expect(NoActionSpellingReactor.Mutation.self == NoAction.self)
    let reactor = NoActionSpellingReactor(title: "ReactorFlow")
    #expect(reactor.currentState == .init(title: "ReactorFlow"))
  }

  @Test("typealias Action = Never, with or without typealias Mutation = Never")
  func neverAction() {
    #expect(NeverActionReactor.Mutation.self == Never.self)
    #expect(NeverActionReactor().currentState == .init(title: "cell"))
    #expect(NeverActionNeverMutationReactor.Mutation.self == Never.self)
    #expect(NeverActionNeverMutationReactor().currentState == .init(title: "cell"))
  }

  @Test("mutate left out: an action gives no mutation; mutations merged in are reduced")
  func mutateLeftOut() {
    let reactor = MutateLeftOutReactor()
    reactor.send(.tap)
    #expect(reactor.currentState == .init(value: 0))
    reactor.values.accept(5)
    #expect(reactor.currentState == .init(value: 5))
    reactor.send(.tap)
    #expect(reactor.currentState == .init(value: 5))
  }

  @Test("Mutation inferred from mutate and reduce as written: the defaults change nothing")
  func mutationInferredFromWitnesses() {
    #expect(MutationInferredFromWitnessesReactor.Mutation.self == InferredCounterMutation.self)
    let reactor = MutationInferredFromWitnessesReactor()
    reactor.send(.addTwo)
    #expect(reactor.currentState == .init(value: 2))
    #expect(MutationInferredFromReduceAloneReactor.Mutation.self == InferredCounterMutation.self)
    let alone = MutationInferredFromReduceAloneReactor()
    alone.send(.addTwo)
    #expect(alone.currentState == .init(value: 0))
  }
}
