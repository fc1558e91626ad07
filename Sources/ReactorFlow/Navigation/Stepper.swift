/// Something that emits steps: a view model, a reactor, a screen, a flow.
///
/// ```swift
/// final class AuthSignInViewModel: Stepper {
///   let steps = PublishRelay<Step>()
///
///   func signInDidSucceed() {
///     steps.accept(AppStep.authIsComplete)
///   }
/// }
/// ```
///
/// When a flow contributes a stepper, the coordinator subscribes to ``steps``, handles
/// ``initialStep``, then calls ``readyToEmitSteps()``. Steps may be accepted from any thread;
/// they are handled on the main actor in the order each sender sent them.
@MainActor
public protocol Stepper: AnyObject {
  /// The steps this stepper emits.
  var steps: PublishRelay<Step> { get }

  /// The step emitted first, when the stepper is connected. Defaults to ``NoneStep``.
  var initialStep: Step { get }

  /// Called once the stepper is connected and its steps are observed.
  func readyToEmitSteps()
}

extension Stepper {
  /// By default, no initial step (``NoneStep``).
  public var initialStep: Step { NoneStep() }
  /// By default, does nothing.
  public func readyToEmitSteps() {}
}
