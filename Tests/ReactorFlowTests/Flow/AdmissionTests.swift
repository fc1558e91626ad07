import Testing

@testable import ReactorFlow

/// The visibility policy is a pure function: these tests read its decisions directly.
@Suite("Flow: admission, what a contribution's visibility policy does with a step")
struct AdmissionTests {
  @Test(
    "a first step, or any step while visible, is handled whatever the policy",
    arguments: [HiddenStepPolicy.drop, .buffer, .deliver])
  func firstOrVisibleIsHandled(policy: HiddenStepPolicy) {
    #expect(policy.admission(isFirst: true, isVisible: false) == .handle)
    #expect(policy.admission(isFirst: false, isVisible: true) == .handle)
    #expect(policy.admission(isFirst: true, isVisible: true) == .handle)
  }

  @Test("a later step while hidden: dropped, held or handled, as the policy says")
  func hiddenFollowsPolicy() {
    #expect(HiddenStepPolicy.drop.admission(isFirst: false, isVisible: false) == .drop)
    #expect(HiddenStepPolicy.buffer.admission(isFirst: false, isVisible: false) == .hold)
    #expect(HiddenStepPolicy.deliver.admission(isFirst: false, isVisible: false) == .handle)
  }
}
