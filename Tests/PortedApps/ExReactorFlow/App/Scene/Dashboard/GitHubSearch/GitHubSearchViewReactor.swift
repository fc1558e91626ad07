import Foundation
import ReactorFlow

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

final class GitHubSearchViewReactor: Reactor {
  enum Action {
    case updateQuery(String?)
    case loadNextPage
  }

  enum Mutation {
    case setQuery(String?)
    case setRepos([String], nextPage: Int?)
    case appendRepos([String], nextPage: Int?)
    case setLoadingNextPage(Bool)
  }

  struct State {
    var query: String?
    var repos: [String] = []
    var nextPage: Int?
    var isLoadingNextPage: Bool = false
  }

  /// A search's answer: the repositories' full names, and the page after, if there are more.
  typealias SearchResult = (repos: [String], nextPage: Int?)

  let initialState = State()
  let store = ReactorStore<GitHubSearchViewReactor>()
  private let clock: any Clock<Duration>
  private let load: @Sendable (URL) async throws -> Data

  init(
    clock: any Clock<Duration> = ContinuousClock(),
    load: @escaping @Sendable (URL) async throws -> Data = GitHubSearchViewReactor.loadWithURLSession
  ) {
    self.clock = clock
    self.load = load
  }

  func transform(action: Effect<Action>) -> Effect<Action> {
    .merge(
      action.filter { !$0.isUpdateQuery },
      action.filter { $0.isUpdateQuery }.throttle(for: .milliseconds(300), clock: clock, latest: true)
    )
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let query):
      return .concat(
        .just(Mutation.setQuery(query)),
        self.search(query: query, page: 1)
          .map { Mutation.setRepos($0, nextPage: $1) }
          .cancellable(id: SearchID.search, cancelInFlight: true)
      )
    case .loadNextPage:
      guard !self.currentState.isLoadingNextPage else { return .empty() }
      guard let page = self.currentState.nextPage else { return .empty() }
      return .concat(
        .just(Mutation.setLoadingNextPage(true)),
        self.search(query: self.currentState.query, page: page)
          .map { Mutation.appendRepos($0, nextPage: $1) }
          .cancellable(id: SearchID.search),
        .just(Mutation.setLoadingNextPage(false))
      )
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    switch mutation {
    case .setQuery(let query):
      var newState = state
      newState.query = query
      return newState

    case .setRepos(let repos, let nextPage):
      var newState = state
      newState.repos = repos
      newState.nextPage = nextPage
      return newState

    case .appendRepos(let repos, let nextPage):
      var newState = state
      newState.repos.append(contentsOf: repos)
      newState.nextPage = nextPage
      return newState

    case .setLoadingNextPage(let isLoadingNextPage):
      var newState = state
      newState.isLoadingNextPage = isLoadingNextPage
      return newState
    }
  }

  private func url(for query: String?, page: Int) -> URL? {
    guard let query = query, !query.isEmpty else { return nil }
    return URL(string: "https://api.github.com/search/repositories?q=\(query)&page=\(page)")
  }

  private func search(query: String?, page: Int) -> Effect<SearchResult> {
    let emptyResult: SearchResult = ([], nil)
    guard let url = self.url(for: query, page: page) else { return .just(emptyResult) }
    return .run { [load] send in
      do {
        let json = try JSONSerialization.jsonObject(with: try await load(url))
        guard let dict = json as? [String: Any] else { return await send(emptyResult) }
        guard let items = dict["items"] as? [[String: Any]] else { return await send(emptyResult) }
        let repos = items.compactMap { $0["full_name"] as? String }
        let nextPage = repos.isEmpty ? nil : page + 1
        await send((repos, nextPage))
      } catch {
        if case .some(.httpRequestFailed(let statusCode)) = error as? GitHubSearchError, statusCode == 403 {
          log.info("⚠️ GitHub API rate limit exceeded. Wait for 60 seconds and try again.")
        }
        await send(emptyResult)
      }
    }
  }

  /// The transport: GitHub's answer to a search, or `GitHubSearchError` for an HTTP error.
  static let loadWithURLSession: @Sendable (URL) async throws -> Data = { url in
    let (data, response) = try await URLSession.shared.data(from: url)
    if let response = response as? HTTPURLResponse, !(200..<300).contains(response.statusCode) {
      throw GitHubSearchError.httpRequestFailed(statusCode: response.statusCode)
    }
    return data
  }
}

/// What a search's request failed with.
enum GitHubSearchError: Error {
  case httpRequestFailed(statusCode: Int)
}

private enum SearchID: Hashable, Sendable {
  case search
}

extension GitHubSearchViewReactor.Action {
  var isUpdateQuery: Bool {
    if case .updateQuery = self {
      return true
    } else {
      return false
    }
  }
}
