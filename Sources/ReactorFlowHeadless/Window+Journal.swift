import ReactorFlow

/// The user's gestures on a window, recorded into a journal.
extension Window {
  /// Where a journal names this window's gestures: `Window/0`, under the app.
  public static let journalSource = JournalSource.app.appending("Window")

  /// Where a journal names the tab bar the user sees at `index` (from the root down, among the
  /// visible tab bars): `Window/0 > TabBar/index`.
  public static func journalSource(ofTabBar index: Int) -> JournalSource {
    journalSource.appending("TabBar", ordinal: index)
  }

  /// Records, into `recorder`, the user's gestures on this window from now on — back, swipe
  /// down, tab selection, as ``userGestured(_:tabBar:)`` reports them (the gestures of
  /// `ReactorFlowExplorer` do) — or stops recording them (`nil`).
  ///
  /// ```swift
  /// let recorder = JournalRecorder()
  /// let window = Window()
  /// window.record(into: recorder)
  /// window.userGestured(.back)
  /// print(recorder.journal.count)  // 1
  /// ```
  public func record(into recorder: JournalRecorder?) {
    gestureRecorder = recorder
  }

  /// The recorder this window's gestures go to, if any.
  public var recorder: JournalRecorder? { gestureRecorder }

  /// Reports a gesture the user made on this window — on the visible tab bar number `tabBar`
  /// for a tab selection — to the recorder, if the window records (one `nil` check otherwise).
  public func userGestured(_ gesture: JournalGesture, tabBar: Int = 0) {
    guard let recorder = gestureRecorder else { return }
    if case .selectTab = gesture {
      recorder.recordGesture(gesture, on: Self.journalSource(ofTabBar: tabBar))
    } else {
      recorder.recordGesture(gesture, on: Self.journalSource)
    }
  }
}
