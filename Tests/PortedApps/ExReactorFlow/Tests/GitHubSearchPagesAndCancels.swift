import Clocks
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// The search lists the repositories of the query's first page, appends the next page when the
/// list is scrolled to its end, drops a search a newer query replaces, and shows a repository's
/// page when its row is selected.
@MainActor @Suite(.checksLeaks)
struct GitHubSearchPagesAndCancels {
  let clock = TestClock()
  let github = FakeGitHub()

  func makeReactor() -> GitHubSearchViewReactor {
    GitHubSearchViewReactor(clock: clock, load: { [github] in try await github.load($0) })
  }

  @Test func aQueryListsItsFirstPage() async {
    github.answer(searchURL("rx", page: 1), with: .repos(["ReactiveX/RxSwift", "ReactorKit/ReactorKit"]))
    let reactor = makeReactor()

    reactor.send(.updateQuery("rx"))

    #expect(reactor.currentState.query == "rx")
    await expectEventually("the first page") { reactor.currentState.repos.count == 2 }
    #expect(reactor.currentState.repos == ["ReactiveX/RxSwift", "ReactorKit/ReactorKit"])
    #expect(reactor.currentState.nextPage == 2)
  }

  @Test func theNextPageIsAppendedAndTheLastEmptyPageEndsThePaging() async {
    github.answer(searchURL("rx", page: 1), with: .repos(["a/1", "a/2"]))
    github.answer(searchURL("rx", page: 2), with: .repos(["a/3"]))
    let reactor = makeReactor()
    reactor.send(.updateQuery("rx"))
    await expectEventually("the first page") { reactor.currentState.nextPage == 2 }

    reactor.send(.loadNextPage)
    #expect(reactor.currentState.isLoadingNextPage)
    await expectEventually("the second page") { reactor.currentState.repos == ["a/1", "a/2", "a/3"] }
    await expectEventually("loading ended") { !reactor.currentState.isLoadingNextPage }
    #expect(reactor.currentState.nextPage == 3)

    reactor.send(.loadNextPage)
    await expectEventually("an empty third page") { reactor.currentState.nextPage == nil }
    reactor.send(.loadNextPage)
    await clock.advanceAfterSleeping(by: .milliseconds(300))
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(
      github.requestedURLs == [searchURL("rx", page: 1), searchURL("rx", page: 2), searchURL("rx", page: 3)])
  }

  @Test func anEmptyQueryClearsTheListWithoutARequest() async {
    let reactor = makeReactor()
    reactor.send(.updateQuery(""))
    await clock.advanceAfterSleeping(by: .milliseconds(300))
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.repos == [])
    #expect(reactor.currentState.nextPage == nil)
    #expect(github.requestedURLs == [])
  }

  @Test func aNewerQueryDropsTheSearchStillRunning() async {
    github.answer(searchURL("slow", page: 1), with: .never)
    github.answer(searchURL("fast", page: 1), with: .repos(["b/1"]))
    let reactor = makeReactor()

    reactor.send(.updateQuery("slow"))
    await expectEventually("the slow search started") { github.requestedURLs.count == 1 }
    await clock.advanceAfterSleeping(by: .milliseconds(300))
    reactor.send(.updateQuery("fast"))

    await expectEventually("the newer query's page") { reactor.currentState.repos == ["b/1"] }
    await clock.advanceAfterSleeping(by: .milliseconds(300))
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(reactor.currentState.query == "fast")
  }

  @Test func queriesTypedWithinThreeTenthsOfASecondSearchOnlyTheLatest() async {
    github.answer(searchURL("re", page: 1), with: .repos(["c/1"]))
    github.answer(searchURL("reactor", page: 1), with: .repos(["c/2"]))
    let reactor = makeReactor()

    reactor.send(.updateQuery("r"))
    reactor.send(.updateQuery("re"))
    reactor.send(.updateQuery("reactor"))
    await clock.advanceAfterSleeping(by: .milliseconds(300))

    await expectEventually("the latest query's page") { reactor.currentState.repos == ["c/2"] }
    #expect(github.requestedURLs.contains(searchURL("reactor", page: 1)))
    #expect(!github.requestedURLs.contains(searchURL("re", page: 1)))
  }

  @Test func aRateLimitedSearchShowsNothingAndIsLogged() async {
    github.answer(searchURL("limited", page: 1), with: .status(403))
    let reactor = makeReactor()

    reactor.send(.updateQuery("limited"))
    await clock.advanceAfterSleeping(by: .milliseconds(300))
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)

    #expect(reactor.currentState.repos == [])
    #expect(log.lines.contains { $0.message.contains("rate limit exceeded") })
  }

  @Test func theScreenListsTheRepositoriesAndShowsTheOneSelected() async throws {
    github.answer(searchURL("flow", page: 1), with: .repos(["RxSwiftCommunity/RxFlow"]))
    let window = Window()
    let search = GitHubSearchViewController(makeReactor: { self.makeReactor() })
    window.rootViewController = search

    search.searchTextChanged("flow")
    await expectEventually("the list") { search.content == ["RxSwiftCommunity/RxFlow"] }
    search.didSelectRow(at: 0)

    let page = try #require(search.presentedViewController as? SFSafariViewController)
    #expect(page.url.absoluteString == "https://github.com/RxSwiftCommunity/RxFlow")
  }

  @Test func scrollingToTheEndOfTheScreenLoadsTheNextPage() async {
    github.answer(searchURL("x", page: 1), with: .repos(["d/1"]))
    github.answer(searchURL("x", page: 2), with: .repos(["d/2"]))
    let window = Window()
    let search = GitHubSearchViewController(makeReactor: { self.makeReactor() })
    window.rootViewController = search
    search.searchTextChanged("x")
    await expectEventually("the first page") { search.content == ["d/1"] }

    search.didScrollNearBottom()

    await expectEventually("both pages") { search.content == ["d/1", "d/2"] }
  }

  @Test func theLinkShowsTheExamplesReadMe() throws {
    let window = Window()
    let search = GitHubSearchViewController(makeReactor: { self.makeReactor() })
    window.rootViewController = search

    search.linkButtonTapped()

    let page = try #require(search.presentedViewController as? SFSafariViewController)
    #expect(page.url.path == "/ReactorKit/ReactorKit/blob/master/Examples/GitHubSearch/README.md")
  }
}
