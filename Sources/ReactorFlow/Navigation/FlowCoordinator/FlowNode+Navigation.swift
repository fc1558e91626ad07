/// The node's turn in the coordinator's loop: its flow handles a step, and what `navigate(to:)`
/// returns is applied before the transitions the step made end.
extension FlowNode {
  /// Has the flow handle `step` (the coordinator's loop calls it, one step at a time).
  func handle(_ step: any Step, origin: StepOrigin, in coordinator: FlowCoordinator) {
    guard !hot.value.isEnded else {
      if origin == .stepper { coordinator.report(.stepAfterEnd(step: step, flow: name)) }
      return
    }
    // Events are built only for an observer.
    if let recorder = coordinator.hot.value.recorder {
      recorder.recordNavigation("will navigate \(step)", from: coordinator.journalSource(of: self))
    }
    if coordinator.willNavigateRelay.hasSubscribers {
      coordinator.willNavigateRelay.accept(NavigationEvent(flow: flow, step: step))
    }
    // The end of the transitions the step makes (`viewDidAppear`, completions) waits until its
    // contributions are connected, as UIKit runs it after the transition (see TransitionHold).
    TransitionHold.begin(coordinator.transitionHold)
    defer { TransitionHold.end(coordinator.transitionHold) }
    hot.value.isNavigating = true
    let contributors = NavigatingCoordinator.with(self, in: coordinator.navigatingSlot) {
      self.flow.navigate(to: step)
    }
    hot.value.isNavigating = false
    if let recorder = coordinator.hot.value.recorder {
      recorder.recordNavigation("did navigate \(step)", from: coordinator.journalSource(of: self))
    }
    if coordinator.didNavigateRelay.hasSubscribers {
      coordinator.didNavigateRelay.accept(NavigationEvent(flow: flow, step: step))
    }
    coordinator.apply(consume contributors, from: self)
    if parentUntilNavigated != nil {
      // It ended while it navigated and has forwarded what it returned: now it lets go.
      parent = nil
      parentUntilNavigated = nil
    }
    if !hot.value.isReady && !hot.value.isEnded {
      hot.value.isReady = true
      coordinator.runReadyWaiters()
    }
  }
}
