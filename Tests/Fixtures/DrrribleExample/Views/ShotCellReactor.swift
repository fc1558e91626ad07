import Foundation
import ReactorFlow

final class ShotCellReactor: Reactor {
  typealias Action = NoAction

  struct State {
    var imageURL: URL
    var isAnimatedImage: Bool
  }

  let shot: Shot
  let initialState: State
  let store = ReactorStore<ShotCellReactor>()

  init(shot: Shot) {
    self.shot = shot
    self.initialState = State(
      imageURL: shot.imageURLs.normal,
      isAnimatedImage: shot.isAnimatedImage
    )
    _ = self.currentState
  }
}
