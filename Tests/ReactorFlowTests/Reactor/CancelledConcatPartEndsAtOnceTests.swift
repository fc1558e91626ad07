import ReactorFlow
import ReactorFlowTesting
import Testing

/// A search API whose requests a test answers by hand. A request ignores cancellation, as many
/// network clients do: it returns only when the test answers it, or when the test closes the API.
@MainActor
final class ControlledSearchAPI {
  struct Request: Equatable, CustomStringConvertible {
    let query: String
    let page: Int
    var description: String { "\(query) page \(page)" }
  }
  struct Page: Sendable {
    let repos: [String]
    let nextPage: Int?
  }

  private var waiting: [(request: Request, answer: CheckedContinuation<Page, Never>)] = []
  private var isClosed = false

  var pending: [Request] { waiting.map(\.request) }

  func search(query: String, page: Int) async -> Page {
    if isClosed { return Page(repos: [], nextPage: nil) }
    return await withCheckedContinuation { waiting.append((Request(query: query, page: page), $0)) }
  }

  /// Answers the request for `query` and `page` once its operation has asked for it (its task
  /// starts a turn after the action that made it). A request that is never asked for fails the
  /// test after the hang guard, and is not answered: returns `false`.
  @discardableResult
  func answer(
    query: String, page: Int, with result: Page, fileID: StaticString = #fileID,
    filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
  ) async -> Bool {
    let request = Request(query: query, page: page)
    await expectEventually(
      "the request for \(request)", fileID: fileID, filePath: filePath, line: line, column: column
    ) {
      self.pending.contains(request)
    }
    guard let index = waiting.firstIndex(where: { $0.request == request }) else { return false }
    waiting.remove(at: index).answer.resume(returning: result)
    return true
  }

  /// Answers every request still waiting with an empty page, and the later ones at once: a test
  /// that stopped early leaves no operation suspended.
  func close() {
    isClosed = true
    let answers = waiting.map(\.answer)
    waiting = []
    for answer in answers { answer.resume(returning: Page(repos: [], nextPage: nil)) }
  }
}

/// A repository search with paging, as in ReactorKit's GitHubSearch example: a new query
/// cancels the page request in flight.
final class RepoSearchReactor: Reactor {
  enum Action: Sendable {
    case updateQuery(String)
    case loadNextPage
  }
  enum Mutation: Sendable {
    case setQuery(String)
    case setRepos([String], nextPage: Int?)
    case appendRepos([String], nextPage: Int?)
    case setLoadingNextPage(Bool)
  }
  struct State: Sendable {
    var query = ""
    var repos: [String] = []
    var nextPage: Int?
    var isLoadingNextPage = false
  }

  let initialState = State()
  let store = ReactorStore<RepoSearchReactor>()
  let api: ControlledSearchAPI

  init(api: ControlledSearchAPI) { self.api = api }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .updateQuery(let query):
      return .concat(
        .just(.setQuery(query)),
        .run { [api] send in
          let page = await api.search(query: query, page: 1)
          await send(.setRepos(page.repos, nextPage: page.nextPage))
        }
        .cancellable(id: "page", cancelInFlight: true))
    case .loadNextPage:
      let state = currentState
      guard !state.isLoadingNextPage, let page = state.nextPage else { return .none }
      return .concat(
        .just(.setLoadingNextPage(true)),
        .run { [api] send in
          let result = await api.search(query: state.query, page: page)
          await send(.appendRepos(result.repos, nextPage: result.nextPage))
        }
        .cancellable(id: "page", cancelInFlight: true),
        .just(.setLoadingNextPage(false)))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setQuery(let query):
      newState.query = query
    case .setRepos(let repos, let nextPage):
      newState.repos = repos
      newState.nextPage = nextPage
    case .appendRepos(let repos, let nextPage):
      newState.repos += repos
      newState.nextPage = nextPage
    case .setLoadingNextPage(let isLoading):
      newState.isLoadingNextPage = isLoading
    }
    return newState
  }
}

@MainActor
@Suite("A cancelled part of a concat ends at once; the concat goes on", .checksLeaks)
struct CancelledConcatPartEndsAtOnceTests {
  @Test("a new query ends the page request in flight: loading stops at once, the late page is dropped")
  func newQueryEndsPageRequestAtOnce() async throws {
    let api = ControlledSearchAPI()
    defer { api.close() }
    let reactor = RepoSearchReactor(api: api)
    reactor.send(.updateQuery("swift"))
    try #require(await api.answer(query: "swift", page: 1, with: .init(repos: ["swift/a"], nextPage: 2)))
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.repos == ["swift/a"])

    reactor.send(.loadNextPage)
    #expect(reactor.currentState.isLoadingNextPage)
    await expectEventually { api.pending == [.init(query: "swift", page: 2)] }

    // The request for page 2 does not stop when cancelled: the rest of its concat goes on anyway.
    reactor.send(.updateQuery("rust"))
    #expect(reactor.currentState.query == "rust")
    try #require(!reactor.currentState.isLoadingNextPage, "the cancelled page request still holds its concat")

    try #require(await api.answer(query: "rust", page: 1, with: .init(repos: ["rust/a"], nextPage: 2)))
    await expectEventually { reactor.currentState.repos == ["rust/a"] }
    // The new query's next page loads while the old request still runs.
    reactor.send(.loadNextPage)
    #expect(reactor.currentState.isLoadingNextPage)

    // The old request comes back late: what it sends is dropped.
    try #require(await api.answer(query: "swift", page: 2, with: .init(repos: ["swift/b"], nextPage: 3)))
    try #require(await api.answer(query: "rust", page: 2, with: .init(repos: ["rust/b"], nextPage: nil)))
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.repos == ["rust/a", "rust/b"])
    #expect(!reactor.currentState.isLoadingNextPage)
    #expect(api.pending.isEmpty)
  }

  @Test("setLoadingNextPage(false) is reduced once, by the cancel, not again when the request returns")
  func restOfConcatRunsOnce() async throws {
    let api = ControlledSearchAPI()
    defer { api.close() }
    let reactor = RepoSearchReactor(api: api)
    var loadingChanges: [Bool] = []
    reactor.send(.updateQuery("swift"))
    try #require(await api.answer(query: "swift", page: 1, with: .init(repos: ["swift/a"], nextPage: 2)))
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    let observation = reactor.observe(\.isLoadingNextPage) { loadingChanges.append($0) }
    defer { observation.dispose() }
    reactor.send(.loadNextPage)
    reactor.send(.updateQuery("rust"))
    #expect(loadingChanges == [false, true, false])
    // The page request was cancelled before its task ran; the task still asks, and its late
    // answer changes nothing.
    try #require(await api.answer(query: "swift", page: 2, with: .init(repos: ["swift/b"], nextPage: 3)))
    try #require(await api.answer(query: "rust", page: 1, with: .init(repos: ["rust/a"], nextPage: nil)))
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(loadingChanges == [false, true, false])
    #expect(reactor.currentState.repos == ["rust/a"])
  }
}
