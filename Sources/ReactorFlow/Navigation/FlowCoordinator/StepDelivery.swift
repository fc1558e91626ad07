/// A step emitted by a stepper, on its way to the main actor with the route it came through and
/// where it was accepted (``RecordedCallSite/unknown`` unless the coordinator records).
struct StepDelivery: Sendable {
  let route: StepRoute
  let step: any Step
  let callSite: RecordedCallSite
}
