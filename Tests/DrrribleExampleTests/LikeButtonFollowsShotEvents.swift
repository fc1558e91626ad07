import ReactorFlow
import ReactorFlowTesting
import Testing

@testable import DrrribleExample

/// The like button of a shot: a tap likes (or unlikes) at once through the shot events, before
/// the request returns; a failed request puts the like back; another shot's button is untouched.
///
/// The shot events are one app-wide relay: the suite's tests run one at a time, so that each
/// can tell when its buttons listen to it.
@MainActor @Suite(.checksLeaks, .serialized)
struct LikeButtonFollowsShotEvents {
  let networking = FakeNetworking()
  let analytics = DrrribleAnalytics()

  /// A like button for `shot`, once it listens to the shot events: its reactor reads them in a
  /// task of its own, which starts a turn after the reactor (an event sent before is not seen).
  func makeButton(_ shot: Shot) async -> ShotViewReactionLikeButtonViewReactor {
    let listeners = Shot.event.subscriberCount
    let button = ShotViewReactionLikeButtonViewReactor(
      shot: shot, shotService: ShotService(networking: networking), analytics: analytics)
    await expectEventually("the button listening") { Shot.event.subscriberCount > listeners }
    return button
  }

  @Test func aTapLikesTheShotAndCountsIt() async {
    let button = await makeButton(.fixture(id: 101, isLiked: false, likeCount: 5))
    let other = await makeButton(.fixture(id: 102, isLiked: false, likeCount: 7))
    #expect(button.currentState.canToggleReaction)

    button.action.onNext(.toggleReaction)
    await expectEventually("the like") {
      button.currentState.isReacted == true && button.currentState.count == 6
    }
    await expectEventually("the request") { networking.likeRequests == [101] }
    #expect(other.currentState.isReacted == false && other.currentState.count == 7)
    #expect(analytics.events == [.likeShot(shotID: 101)])

    button.action.onNext(.toggleReaction)
    await expectEventually("the unlike") {
      button.currentState.isReacted == false && button.currentState.count == 5
    }
    #expect(analytics.events == [.likeShot(shotID: 101), .unlikeShot(shotID: 101)])
  }

  @Test func aFailedLikeIsTakenBack() async {
    networking.failsLikes = true
    let button = await makeButton(.fixture(id: 103, isLiked: false, likeCount: 5))
    var counts: [Int] = []
    let observation = button.observe(\.count) { counts.append($0) }

    button.action.onNext(.toggleReaction)
    await expectEventually("the like taken back") { counts == [5, 6, 5] }
    #expect(button.currentState.isReacted == false)
    observation.dispose()
  }

  @Test func aShotWhoseLikeIsUnknownCanBeToggledOnceItIsKnown() async {
    networking.likedShotIDs = [104]
    let button = await makeButton(.fixture(id: 104, isLiked: nil, likeCount: 5))
    #expect(!button.currentState.canToggleReaction)

    let isLiked = await ShotService(networking: networking).isLiked(shotID: 104)
    #expect(isLiked)
    await expectEventually("the known like") { button.currentState.canToggleReaction }
    #expect(button.currentState.isReacted == true)
  }
}
