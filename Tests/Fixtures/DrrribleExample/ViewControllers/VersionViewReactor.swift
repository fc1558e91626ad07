import Foundation
import ReactorFlow

final class VersionViewReactor: Reactor {
  enum Action {
    case checkForUpdates
  }

  enum Mutation {
    case setLoading(Bool)
    case setLatestVersion(String?)
  }

  struct State {
    var isLoading: Bool = false
    var currentVersion: String = Bundle.main.version ?? "0.0.0"
    var latestVersion: String?
  }

  fileprivate let appStoreService: AppStoreServiceType
  let initialState = State()
  let store = ReactorStore<VersionViewReactor>()

  init(appStoreService: AppStoreServiceType) {
    self.appStoreService = appStoreService
    _ = self.currentState
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .checkForUpdates:
      let startLoading: Effect<Mutation> = .just(.setLoading(true))
      let clearLatestVersion: Effect<Mutation> = .just(.setLatestVersion(nil))
      let setLatestVersion: Effect<Mutation> = .run { [appStoreService] send in
        let latestVersion = try await appStoreService.latestVersion()
        await send(.setLatestVersion(latestVersion ?? "⚠️"))
      }
      let stopLoading: Effect<Mutation> = .just(.setLoading(false))
      return .concat([startLoading, clearLatestVersion, setLatestVersion, stopLoading])
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .setLoading(let isLoading):
      state.isLoading = isLoading
      return state

    case .setLatestVersion(let latestVersion):
      state.latestVersion = latestVersion
      return state
    }
  }
}
