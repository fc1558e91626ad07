import ReactorFlowHeadless

/// The log the recording screens write to: one entry per lifecycle call, `"<title>.<call>"`,
/// with `(animated)` on the appearance calls, and the screen's visibility as the call sees it
/// when `withVisibility` is on.
@MainActor
final class LifecycleLog {
  var entries: [String] = []
  var withVisibility = false

  func record(_ screen: Screen, _ call: String, _ animated: Bool? = nil) {
    var entry = "\(screen.title).\(call)"
    if let animated { entry += "(\(animated))" }
    if withVisibility { entry += screen.isVisible ? " visible" : " hidden" }
    entries.append(entry)
  }

  /// The entries since the last call, and forgets them.
  func take() -> [String] {
    defer { entries.removeAll() }
    return entries
  }
}

/// A screen that records its lifecycle calls, written as a UIKit subclass is (`override`,
/// `super` first).
final class RecordingScreen: Screen {
  let log: LifecycleLog
  /// Runs in `viewDidAppear`, after recording (to navigate from a callback).
  var onDidAppear: (() -> Void)?

  init(_ title: String, log: LifecycleLog) {
    self.log = log
    super.init(title: title)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    log.record(self, "viewDidLoad")
  }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    log.record(self, "viewWillAppear", animated)
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    log.record(self, "viewDidAppear", animated)
    onDidAppear?()
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    log.record(self, "viewWillDisappear", animated)
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    log.record(self, "viewDidDisappear", animated)
  }
}

/// A navigation stack that records its own lifecycle calls.
final class RecordingStack: NavigationStack {
  let log: LifecycleLog

  init(_ title: String, root: Screen? = nil, log: LifecycleLog) {
    self.log = log
    super.init(rootViewController: root, title: title)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    log.record(self, "viewDidLoad")
  }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    log.record(self, "viewWillAppear", animated)
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    log.record(self, "viewDidAppear", animated)
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    log.record(self, "viewWillDisappear", animated)
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    log.record(self, "viewDidDisappear", animated)
  }
}

/// A tab bar that records its own lifecycle calls.
final class RecordingTabBar: TabBar {
  let log: LifecycleLog

  init(_ title: String, log: LifecycleLog) {
    self.log = log
    super.init(title: title)
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    log.record(self, "viewDidLoad")
  }
  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    log.record(self, "viewWillAppear", animated)
  }
  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    log.record(self, "viewDidAppear", animated)
  }
  override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    log.record(self, "viewWillDisappear", animated)
  }
  override func viewDidDisappear(_ animated: Bool) {
    super.viewDidDisappear(animated)
    log.record(self, "viewDidDisappear", animated)
  }
}
