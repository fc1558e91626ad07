import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowJournal

extension NavigationRestoration {
  /// A restoration of `journal`'s navigation in an app that draws on the headless `window`: a
  /// recorded gesture is performed on `window` as the user did it (``Window/userTapsBack()``,
  /// ``Window/userSwipesDown()``, ``Window/userSelectsTab(at:tabBar:)``), and a gate screen on
  /// top (``Window/gateScreen``) stops it, as a gate step does.
  ///
  /// ```swift
  /// let window = Window()
  /// let coordinator = FlowCoordinator()
  /// coordinator.record(into: JournalRecorder())
  /// coordinator.coordinate(flow: AppFlow(window: window), with: AppStepper())
  /// let restoration = NavigationRestoration(lastSession, coordinator: coordinator, window: window)
  /// await restoration.restore(settle: { await Task.yield() })
  /// ```
  public convenience init(
    _ journal: Journal, coordinator: FlowCoordinator, window: Window,
    steps: [any (Step & Decodable).Type] = [],
    openDeepLink: (@MainActor (String) -> Void)? = nil
  ) {
    self.init(
      journal, coordinator: coordinator, steps: steps,
      performGesture: { [weak window] gesture, source in window?.perform(gesture, at: source) ?? false },
      openDeepLink: openDeepLink, gateScreen: { [weak window] in window?.gateScreen })
  }
}
