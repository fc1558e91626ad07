/// A step emitted by a stepper, on its way to the main actor with the route it came through.
struct StepDelivery: Sendable {
  let route: StepRoute
  let step: any Step
}
