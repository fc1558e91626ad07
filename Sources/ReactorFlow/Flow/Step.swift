/// A navigation intent: "the user needs the sign-in screen", "the movie 42 was picked".
///
/// Declare steps as an enum: `enum AppStep: Step { case splashIsRequired, … }`. Steps cross
/// tasks, so they are `Sendable`.
public protocol Step: Sendable {}

/// The step that means "no navigation".
public struct NoneStep: Step, Equatable {
  /// Creates the none step.
  public init() {}
}

/// Something that emits steps: a view model, a reactor, a flow.
///
/// ```swift
/// final class AuthSignInViewReactor: Reactor, Stepper {
///   let steps = PublishRelay<Step>()
///   …
///   steps.accept(AppStep.authIsComplete)
/// }
/// ```
public protocol Stepper: AnyObject {
  /// The steps this stepper emits.
  var steps: PublishRelay<Step> { get }

  /// The step emitted first, when the stepper is connected. Defaults to ``NoneStep``.
  var initialStep: Step { get }

  /// Called once the stepper is connected and its steps are observed.
  func readyToEmitSteps()
}

extension Stepper {
  public var initialStep: Step { NoneStep() }
  public func readyToEmitSteps() {}
}
