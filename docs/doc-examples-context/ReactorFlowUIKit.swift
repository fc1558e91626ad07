// The declarations the `///` examples of ReactorFlowUIKit use without showing them (see
// docs/CHECKING-DOCS.md). Compiled beside each example, against the module built with the UIKit
// stand-in; its imports are prepended to it.
import ReactorFlowUIKit

/// A diary entry.
struct Diary: Sendable {
  var title: String
}

/// The first screen of the diary app.
final class DiaryListViewController: UIViewController {}

/// Pushes a diary's detail screen.
final class DiaryDetailCoordinator: Coordinator {
  var childCoordinators: [Coordinator] = []
  weak var parentCoordinator: Coordinator?
  private let navigationController: UINavigationController
  private let diary: Diary

  init(navigationController: UINavigationController, diary: Diary) {
    self.navigationController = navigationController
    self.diary = diary
  }

  func start() {
    let detail = UIViewController()
    detail.title = diary.title
    navigationController.pushViewController(detail, animated: true)
  }
}

/// A text field's reactor: the text, uppercased.
final class TextFieldViewReactor: Reactor {
  enum Action { case inputField(String) }
  struct State { var capitalizedString: String? }
  let initialState = State()
  let store = ReactorStore<TextFieldViewReactor>()
  func reduce(state: State, mutation: Action) -> State {
    switch mutation {
    case .inputField(let text): State(capitalizedString: text.uppercased())
    }
  }
}
