/// A step emitted by a stepper, on its way to the main actor: the ids of the flow node and of
/// the contribution it came through (`nil`: the flow's own stepper).
struct StepDelivery: Sendable {
  let node: Int
  let contribution: Int?
  let step: any Step
}
