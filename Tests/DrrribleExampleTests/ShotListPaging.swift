import Foundation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import DrrribleExample

/// The shot list: a refresh replaces the shots with the first page, scrolling to the bottom
/// appends the next one, and neither starts while the other is loading.
@MainActor @Suite(.checksLeaks)
struct ShotListPaging {
  let networking = FakeNetworking()
  let analytics = DrrribleAnalytics()

  func makeScreen() -> ShotListViewController {
    let reactor = ShotListViewReactor(
      shotService: ShotService(networking: networking), shotCellReactorFactory: ShotCellReactor.init)
    return ShotListViewController(reactor: reactor, analytics: analytics)
  }

  @Test func scrollingToTheBottomAppendsTheNextPageUntilTheLast() async throws {
    let next = twoPages(networking)
    let screen = makeScreen()
    let reactor = try #require(screen.reactor)
    screen.loadViewIfNeeded()
    await expectEventually("the first page") { screen.content == ["Shot 1", "Shot 2"] }
    #expect(reactor.currentState.nextURL == next)

    screen.collectionView.scrollToBottom()
    #expect(reactor.currentState.isLoading)
    await expectEventually("the second page") { screen.content == ["Shot 1", "Shot 2", "Shot 3"] }
    await expectEventually("the end of loading") { !reactor.currentState.isLoading }
    #expect(reactor.currentState.nextURL == nil)

    // The last page has no next URL: nothing more is loaded.
    screen.collectionView.scrollToBottom()
    #expect(!reactor.currentState.isLoading)
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(networking.shotRequests == [nil, next])
  }

  @Test func whileARefreshLoadsNeitherARefreshNorTheNextPageStarts() async throws {
    defer { networking.cancelHeldShots() }
    let next = twoPages(networking)
    networking.holdsShots = true
    let screen = makeScreen()
    let reactor = try #require(screen.reactor)
    screen.loadViewIfNeeded()
    await expectEventually("the first request") { networking.heldShots.count == 1 }
    // The spinner shows only over shots already listed: not on the first load. The refresh's
    // guard reads that flag, so a pull over the empty list starts a second request, as in the app.
    #expect(!screen.refreshControl.isRefreshing)
    screen.refreshControl.pull()
    await expectEventually("the second request") { networking.heldShots.count == 2 }
    networking.resumeShots()
    networking.resumeShots()
    await expectEventually("the first page") { screen.content == ["Shot 1", "Shot 2"] }
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)

    // A refresh over listed shots shows the spinner until the page comes; meanwhile neither a
    // pull nor scrolling to the bottom starts a request.
    screen.refreshControl.pull()
    #expect(screen.refreshControl.isRefreshing)
    screen.refreshControl.pull()
    screen.collectionView.scrollToBottom()
    await expectEventually("the refresh request") { networking.heldShots.count == 1 }
    // From here a request is answered at once: one started by mistake would end too.
    networking.holdsShots = false
    networking.resumeShots()
    await reactor.store.waitUntilIdle(timeout: HangGuard.timeout)
    #expect(!screen.refreshControl.isRefreshing)
    #expect(screen.content == ["Shot 1", "Shot 2"])
    #expect(reactor.currentState.nextURL == next)
    #expect(networking.shotRequests == [nil, nil, nil])
  }
}
