import ReactorFlow

final class ShotViewReactionLikeButtonViewReactor: ShotViewReactionButtonViewReactor {
  fileprivate let shotService: ShotServiceType
  fileprivate let analytics: DrrribleAnalytics

  init(
    shot: Shot,
    shotService: ShotServiceType,
    analytics: DrrribleAnalytics
  ) {
    self.shotService = shotService
    self.analytics = analytics
    let initialState = State(
      shotID: shot.id,
      isReacted: shot.isLiked,
      canToggleReaction: shot.isLiked != nil,
      count: shot.likeCount
    )
    super.init(initialState: initialState)
  }

  override func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .toggleReaction:
      let shotID = self.shotID
      if self.currentState.isReacted != true {
        self.analytics.log(.likeShot(shotID: self.shotID))
        return .run { [shotService] _ in try? await shotService.like(shotID: shotID) }
      } else {
        self.analytics.log(.unlikeShot(shotID: self.shotID))
        return .run { [shotService] _ in try? await shotService.unlike(shotID: shotID) }
      }
    }
  }

  override func mutation(from event: Shot.Event) -> [Mutation] {
    switch event {
    case .updateLiked(let id, let isLiked):
      guard id == self.shotID else { return [] }
      return [.setReacted(isLiked), .setCanToggleReaction(true)]

    case .increaseLikeCount(let id):
      guard id == self.shotID else { return [] }
      return [.setCount(self.currentState.count + 1)]

    case .decreaseLikeCount(let id):
      guard id == self.shotID else { return [] }
      return [.setCount(self.currentState.count - 1)]
    }
  }
}
