/// The action of a reactor that receives none — a cell's reactor, which only holds the state its
/// cell shows.
///
/// With `typealias Action = NoAction`, the mutation is `NoAction` too (`Mutation` defaults to
/// `Action`), and the reactor needs no `mutate` and no `reduce` — the protocol's defaults: the
/// state stays the one it was made with. ReactorKit's `typealias Action = Never` works the same.
///
/// ```swift
/// final class RepoCellReactor: Reactor {
///   typealias Action = NoAction
///   struct State { var title: String }
///
///   let initialState: State
///   let store = ReactorStore<RepoCellReactor>()
///
///   init(title: String) { initialState = State(title: title) }
/// }
/// ```
///
/// Nothing outside ReactorFlow can make a `NoAction`, so nothing can be sent to such a reactor.
public struct NoAction: Sendable, Hashable {
  private init() {}
}
