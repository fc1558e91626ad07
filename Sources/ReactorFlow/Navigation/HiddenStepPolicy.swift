/// What to do with a step emitted while its presentable is not visible.
public enum HiddenStepPolicy: Sendable, Equatable {
  /// Drop it, and report it on the coordinator's diagnostics (RxFlow's default).
  case drop
  /// Keep it, and handle it when the presentable becomes visible again.
  case buffer
  /// Handle it anyway (RxFlow's `allowStepWhenNotPresented: true`).
  case deliver
}
