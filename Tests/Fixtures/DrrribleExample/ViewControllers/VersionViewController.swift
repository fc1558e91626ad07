import ReactorFlow
import ReactorFlowHeadless

final class VersionViewController: BaseViewController, View {

  // MARK: Properties

  @BindsReactor var reactor: VersionViewReactor?

  // MARK: Initializing

  init(reactor: VersionViewReactor) {
    defer { self.reactor = reactor }
    super.init()
    self.title = "version".localized
  }

  // MARK: View Life Cycle

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    self.reactor?.action.onNext(.checkForUpdates)
  }

  // MARK: Binding

  func bind(reactor: VersionViewReactor) {
    // State
    reactor.observeState { [weak self] _ in
      self?.reloadData()
    }
    .disposed(by: self.disposeBag)
  }

  /// The table's two rows (its data source's `cellForRowAt`), one line each.
  private func reloadData() {
    let current = "current_version".localized + ": " + (self.reactor?.currentState.currentVersion ?? "")
    var latest = "latest_version".localized + ": " + (self.reactor?.currentState.latestVersion ?? "")
    if self.reactor?.currentState.isLoading ?? false { latest += " (loading)" }
    self.content = [current, latest]
  }
}
