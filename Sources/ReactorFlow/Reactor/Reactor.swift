/// A reactor turns a view's actions into state: `Action → mutate → Mutation → reduce → State`.
///
/// The names are ReactorKit's, so its code ports line by line. A reactor is a `final class` on the
/// main actor with one stored property the library needs, its ``ReactorStore``:
///
/// ```swift
/// final class CounterReactor: Reactor {
///   enum Action { case increase }
///   enum Mutation { case increaseValue }
///   struct State { var value = 0 }
///
///   let initialState = State()
///   let store = ReactorStore<CounterReactor>()
///
///   func mutate(action: Action) -> Effect<Mutation> {
///     switch action {
///     case .increase: return .just(.increaseValue)
///     }
///   }
///
///   func reduce(state: State, mutation: Mutation) -> State {
///     var newState = state
///     switch mutation {
///     case .increaseValue: newState.value += 1
///     }
///     return newState
///   }
/// }
/// ```
///
/// Semantics (see the "Reactor semantics" article): ``send(_:)`` reduces every synchronous
/// mutation before it returns; an action sent while another is being handled is queued and
/// handled after it (FIFO), never recursively; errors never kill a reactor; everything in flight
/// is cancelled when the reactor is released.
@MainActor
public protocol Reactor: AnyObject, Sendable {
  /// What the view asks for (a tap, a text change).
  associatedtype Action
  /// A change of state; produced by ``mutate(action:)``, applied by ``reduce(state:mutation:)``.
  associatedtype Mutation = Action
  /// What the view shows.
  associatedtype State

  /// The state before any action.
  var initialState: State { get }

  /// The class that declares ``store``: the reactor itself (the default), or, for a non-final base
  /// class whose subclasses override its methods, that base class (see ``storeOwner``).
  associatedtype StoreOwner: Reactor = Self
  where StoreOwner.Action == Action, StoreOwner.Mutation == Mutation, StoreOwner.State == State

  /// The reactor's runtime storage: current state, observers, queued actions, tasks in flight.
  /// Declare it as `let store = ReactorStore<MyReactor>()`; in a non-final base class, as
  /// `let store = ReactorStore<MyBaseReactor>()` (subclasses inherit it).
  var store: ReactorStore<StoreOwner> { get }

  /// The reactor as the class that declares ``store``. Provided: a final reactor never writes it,
  /// and a non-final base class gets it from the default too.
  ///
  /// ```swift
  /// class ListReactor<Item>: Reactor {      // shared behaviour; subclasses override `load`
  ///   enum Action { case refresh }
  ///   enum Mutation { case setItems([Item]) }
  ///   struct State { var items: [Item] = [] }
  ///   let initialState = State()
  ///   let store = ReactorStore<ListReactor<Item>>()   // for the base class, not `Self`
  ///
  ///   func load() -> [Item] { [] }
  ///   func mutate(action: Action) -> Effect<Mutation> { .just(.setItems(load())) }
  ///   func reduce(state: State, mutation: Mutation) -> State {
  ///     switch mutation {
  ///     case let .setItems(items): State(items: items)
  ///     }
  ///   }
  /// }
  /// final class TagListReactor: ListReactor<String> { override func load() -> [String] { ["swift"] } }
  /// ```
  var storeOwner: StoreOwner { get }

  /// Turns an action into mutations, synchronous or asynchronous (side effects live here).
  ///
  /// Provided, as in ReactorKit: when `Mutation` is `Action` (the default when the reactor does
  /// not declare `Mutation`), the action itself; otherwise no mutation (`.none`).
  func mutate(action: Action) -> Effect<Mutation>

  /// Returns the state after `mutation`. Keep it pure.
  ///
  /// Provided, as in ReactorKit: the state unchanged — what a reactor whose `Mutation` has no
  /// case (`enum Mutation {}`, `NoAction`, `Never`) needs.
  func reduce(state: State, mutation: Mutation) -> State

  /// Adapts the stream of actions, once, when the reactor starts. Merge global action streams in
  /// here: `return .merge(action, .from(globalActions))`. Keep `action` in the result.
  func transform(action: Effect<Action>) -> Effect<Action>

  /// Adapts the stream of mutations, once, when the reactor starts. Merge global events in here:
  /// `return .merge(mutation, .from(service.events.map { … }))`. Keep `mutation` in the result.
  func transform(mutation: Effect<Mutation>) -> Effect<Mutation>

  /// Adapts each new state before it is published: ``currentState`` and the observers see what
  /// this returns, while ``reduce(state:mutation:)`` goes on receiving the untransformed state
  /// (ReactorKit's rule) — the transformed state is never fed back. The initial state is
  /// transformed too.
  func transform(state: State) -> State

  /// Called with every error an asynchronous mutation stream throws (after it is published on
  /// ``errors``); the mutations it returns are reduced. The default returns `.none`.
  func recover(from error: any Error) -> Effect<Mutation>
}

extension Reactor {
  /// By default, the actions unchanged.
  @inlinable
  public func transform(action: Effect<Action>) -> Effect<Action> { action }

  /// By default, the mutations unchanged.
  @inlinable
  public func transform(mutation: Effect<Mutation>) -> Effect<Mutation> { mutation }

  /// By default, the state unchanged (and the store keeps a single state: nothing is paid for
  /// the hook).
  @inlinable
  public func transform(state: State) -> State {
    store.noteIdentityStateTransform()
    return state
  }

  /// By default, no mutation: the error is only published on ``Reactor/errors``.
  public func recover(from error: any Error) -> Effect<Mutation> { .none }
}

extension Reactor where StoreOwner == Self {
  /// The reactor itself.
  @inlinable
  public var storeOwner: Self { self }
}

// ReactorKit's defaults for `mutate` and `reduce`. They are declared for every reactor and name
// `Mutation` only abstractly, so that they never take part in inferring it: `Mutation` is what the
// reactor declares, or what its own `mutate` and `reduce` are written with, or else `Action`
// (`associatedtype Mutation = Action`). A default constrained to a concrete mutation type (as
// `where Mutation == NoAction` was) would be a candidate that infers `Mutation` as that type for a
// reactor whose `reduce` names `Mutation` without declaring it.

extension Reactor {
  /// By default, no mutation (ReactorKit's `.empty()`): a reactor whose mutations all come from
  /// ``transform(mutation:)`` needs no `mutate`.
  @inlinable
  public func mutate(action: Action) -> Effect<Mutation> { .none }

  /// By default, the state unchanged: a reactor whose `Mutation` has no case needs no `reduce`.
  @inlinable
  public func reduce(state: State, mutation: Mutation) -> State { state }
}

extension Reactor where Action == Mutation {
  /// Passes each action through as a mutation.
  @inlinable
  public func mutate(action: Action) -> Effect<Mutation> { .just(action) }
}
