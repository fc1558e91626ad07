import Foundation
import ReactorFlow
import ReactorFlowHeadless

final class GitHubSearchViewController: BaseViewController, DeferredReactorView {

  @BindsReactorWhenLoaded var reactor: GitHubSearchViewReactor?
  private let makeReactor: @MainActor () -> GitHubSearchViewReactor

  init(makeReactor: @escaping @MainActor () -> GitHubSearchViewReactor = { GitHubSearchViewReactor() }) {
    self.makeReactor = makeReactor
    super.init()
  }

  override func viewDidLoad() {
    super.viewDidLoad()

    self.reactor = makeReactor()
  }

  func bind(reactor: GitHubSearchViewReactor) {
    bindState(reactor)
  }

  /// A row of the table was selected: the repository's page is shown.
  func didSelectRow(at row: Int) {
    guard let reactor = self.reactor else { return }
    let repo = reactor.currentState.repos[row]
    guard let url = URL(string: "https://github.com/\(repo)") else { return }
    let viewController = SFSafariViewController(url: url)
    self.present(viewController, animated: true, completion: nil)
  }

  /// The storyboard's link button was tapped: the example's read-me is shown.
  func linkButtonTapped() {
    guard
      let url = URL(
        string: "https://github.com/ReactorKit/ReactorKit/blob/master/Examples/GitHubSearch/README.md")
    else { return }
    let viewController = SFSafariViewController(url: url)
    self.present(viewController, animated: true, completion: nil)
  }

  /// The search bar's text changed.
  func searchTextChanged(_ text: String?) {
    reactor?.send(.updateQuery(text))
  }

  /// The table was scrolled to its last rows.
  func didScrollNearBottom() {
    reactor?.send(.loadNextPage)
  }
}

extension GitHubSearchViewController {
  fileprivate func bindState(_ reactor: GitHubSearchViewReactor) {
    reactor.observe(\.repos) { [weak self] repos in
      self?.content = repos
    }
    .disposed(by: self.disposeBag)
  }
}
