/// Something that emits steps: a view model, a reactor, a screen, a flow.
///
/// ```swift
/// final class AuthSignInViewReactor: Reactor, Stepper {
///   let steps = PublishRelay<Step>()
///   …
///   steps.accept(AppStep.authIsComplete)
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

/// A stepper that emits one step, its initial step, and nothing else.
public final class OneStepper: Stepper {
  /// The steps this stepper emits.
  public let steps = PublishRelay<Step>()
  private let singleStep: Step

  /// Creates a stepper whose only step is `singleStep`.
  public init(withSingleStep singleStep: Step) {
    self.singleStep = singleStep
  }

  /// The single step, emitted once when the stepper is connected.
  public var initialStep: Step { singleStep }
}

/// A stepper that emits no step until something accepts one on its ``steps``.
public final class DefaultStepper: Stepper {
  /// The steps this stepper emits.
  public let steps = PublishRelay<Step>()

  /// Creates the stepper.
  public init() {}
}

/// Combines steppers: first the initial steps of all of them, in order, then every later step of
/// any of them, as it comes.
public final class CompositeStepper: Stepper {
  /// The steps this stepper emits.
  public let steps = PublishRelay<Step>()
  private let innerSteppers: [Stepper]
  private let disposeBag = DisposeBag()

  /// Creates a stepper combining `steppers`.
  public init(steppers: [Stepper]) {
    self.innerSteppers = steppers
  }

  /// Emits the initial steps of the combined steppers, then relays their later steps.
  public func readyToEmitSteps() {
    for stepper in innerSteppers where !(stepper.initialStep is NoneStep) {
      steps.accept(stepper.initialStep)
    }
    for stepper in innerSteppers {
      stepper.steps.subscribe { [steps] step in steps.accept(step) }.disposed(by: disposeBag)
      stepper.readyToEmitSteps()
    }
  }
}
