import ReactorFlow

class ShotViewReactionButtonViewReactor: Reactor {
  enum Action {
    case toggleReaction
  }

  enum Mutation {
    case setReacted(Bool)
    case setCanToggleReaction(Bool)
    case setCount(Int)
  }

  struct State {
    let shotID: Int
    var isReacted: Bool?
    var canToggleReaction: Bool
    var count: Int
  }

  let initialState: State
  let store = ReactorStore<ShotViewReactionButtonViewReactor>()
  var shotID: Int {
    return self.currentState.shotID
  }

  init(initialState: State) {
    self.initialState = initialState
    _ = self.currentState
  }

  func mutate(action: Action) -> Effect<Mutation> {
    return .empty()
  }

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    // One event gives none, one or two mutations: each is sent as it comes.
    let fromShotEvent = Effect<Mutation>.run { [weak self] send in
      for await event in Shot.event {
        guard let mutations = self?.mutation(from: event) else { return }
        for mutation in mutations { await send(mutation) }
      }
    }
    return .merge(mutation, fromShotEvent)
  }

  func mutation(from event: Shot.Event) -> [Mutation] {
    return []
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setReacted(let isReacted):
      state.isReacted = isReacted
      return state

    case .setCanToggleReaction(let canToggleReaction):
      state.canToggleReaction = canToggleReaction
      return state

    case .setCount(let count):
      state.count = count
      return state
    }
  }
}
