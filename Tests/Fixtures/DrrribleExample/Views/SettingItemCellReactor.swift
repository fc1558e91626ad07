import ReactorFlow

final class SettingItemCellReactor: Reactor {
  typealias Action = NoAction
  struct State {
    var text: String?
    var detailText: String?
  }

  let initialState: State
  let store = ReactorStore<SettingItemCellReactor>()

  init(text: String?, detailText: String?) {
    self.initialState = State(text: text, detailText: detailText)
    _ = self.currentState
  }
}
