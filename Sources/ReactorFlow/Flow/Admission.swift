/// What a contribution's visibility policy does with a step its stepper emitted.
enum Admission: Equatable {
  /// The step goes on to `adapt(step:)` now.
  case handle
  /// The step waits until the presentable is visible again (`.buffer`).
  case hold
  /// The step is dropped and reported (`.drop`, RxFlow's default).
  case drop
}

extension HiddenStepPolicy {
  /// The decision for one step: a contribution's first step passes whatever the visibility
  /// (RxFlow's rule), and so does every step while the presentable is visible; otherwise the
  /// policy decides. A pure function: the coordinator carries out what it returns.
  func admission(isFirst: Bool, isVisible: Bool) -> Admission {
    if isFirst || isVisible { return .handle }
    switch self {
    case .deliver: return .handle
    case .buffer: return .hold
    case .drop: return .drop
    }
  }
}
