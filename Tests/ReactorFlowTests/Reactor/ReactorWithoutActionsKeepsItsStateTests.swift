import ReactorFlow
import ReactorFlowTesting
import Testing

/// A cell's reactor as ReactorKit apps write it: no action, only the state the cell shows.
final class RepoCellReactor: Reactor {
  typealias Action = NoAction
  struct State: Sendable, Equatable {
    var title: String
    var stars: Int
  }

  let initialState: State
  let store = ReactorStore<RepoCellReactor>()

  init(title: String, stars: Int) { initialState = State(title: title, stars: stars) }
}

@MainActor
@Suite("NoAction: a reactor without actions keeps its state", .checksLeaks)
struct ReactorWithoutActionsKeepsItsStateTests {
  @Test("a cell reactor ports with `typealias Action = NoAction` and shows its initial state")
  func cellReactorKeepsState() {
    let reactor = RepoCellReactor(title: "ReactorFlow", stars: 42)
    #expect(reactor.currentState == .init(title: "ReactorFlow", stars: 42))
    var seen: [RepoCellReactor.State] = []
    let observation = reactor.observeState { seen.append($0) }
    observation.dispose()
    #expect(seen == [.init(title: "ReactorFlow", stars: 42)])
  }

  @Test("its mutation is NoAction too, and nothing can be sent")
  func mutationIsNoAction() {
    #expect(RepoCellReactor.Mutation.self == NoAction.self)
  }
}
