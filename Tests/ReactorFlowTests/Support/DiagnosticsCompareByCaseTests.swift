import ConcurrencyExtras
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// A value reported as a diagnostic whose type is not `Equatable`: `id` is not in its text.
private struct UnequatableNote: Sendable, CustomStringConvertible {
  let description: String
  let id: Int
}

/// Another such type, with the same text.
private struct OtherUnequatableNote: Sendable, CustomStringConvertible {
  let description: String
}

/// A step whose type is not `Equatable`.
private struct OpaqueStep: Step {
  let id: Int
}

/// Two step types whose values print the same.
private enum FirstStep: Step { case same }
private enum SecondStep: Step { case same }

@MainActor
@Suite("Diagnostics compare by case: typed values, not their text")
struct DiagnosticsCompareByCaseTests {
  @Test("diagnostics of one Equatable type are equal when their values are")
  func sameEquatableType() {
    typealias Diagnostic = ReactorFlowDiagnostics.Diagnostic
    #expect(Diagnostic.reactor(.storeNotStored(reactor: "A")) == .reactor(.storeNotStored(reactor: "A")))
    #expect(Diagnostic.reactor(.storeNotStored(reactor: "A")) != .reactor(.storeNotStored(reactor: "B")))
    #expect(
      Diagnostic.reactor(.storeNotStored(reactor: "A")) != .reactor(.transformDroppedActions(reactor: "A")))
    #expect(Diagnostic.text("one") == .text("one"))
    #expect(Diagnostic.text("one") != .text("two"))
    #expect(Diagnostic.flow(.endedBeforeReady(flow: "A")) == .flow(.endedBeforeReady(flow: "A")))
    #expect(Diagnostic.flow(.endedBeforeReady(flow: "A")) != .flow(.endedBeforeReady(flow: "B")))
    #expect(
      Diagnostic.screenTree(.disabledBarButton(title: "Share"))
        == .screenTree(.disabledBarButton(title: "Share")))
  }

  @Test("diagnostics of different types are not equal, even when their text is the same")
  func differentTypes() {
    let reactor = ReactorFlowDiagnostics.Diagnostic.reactor(.storeNotStored(reactor: "A"))
    let sameText = ReactorFlowDiagnostics.Diagnostic.text(reactor.message)
    #expect(reactor.message == sameText.message)
    #expect(reactor != sameText)
    #expect(sameText != reactor)
  }

  @Test("values of a type that is not Equatable compare by type and text")
  func unequatableValues() {
    typealias Diagnostic = ReactorFlowDiagnostics.Diagnostic
    let note = Diagnostic(UnequatableNote(description: "note", id: 1))
    #expect(note == Diagnostic(UnequatableNote(description: "note", id: 2)))
    #expect(note != Diagnostic(UnequatableNote(description: "other", id: 1)))
    #expect(note != Diagnostic(OtherUnequatableNote(description: "note")))
    #expect(note != .text("note"))
  }

  @Test(
    "a flow diagnostic compares its steps by value, or by String(reflecting:) when the step is not Equatable")
  func flowDiagnosticSteps() {
    // TestStep is Equatable.
    #expect(
      FlowDiagnostic.stepAfterRelease(step: TestStep.show("a")) == .stepAfterRelease(step: TestStep.show("a"))
    )
    #expect(
      FlowDiagnostic.stepAfterRelease(step: TestStep.show("a")) != .stepAfterRelease(step: TestStep.show("b"))
    )
    // OpaqueStep is not: its reflection, which holds its `id`, decides.
    #expect(
      FlowDiagnostic.stepAfterRelease(step: OpaqueStep(id: 1)) == .stepAfterRelease(step: OpaqueStep(id: 1)))
    #expect(
      FlowDiagnostic.stepAfterRelease(step: OpaqueStep(id: 1)) != .stepAfterRelease(step: OpaqueStep(id: 2)))
    // Steps of two types are different, even when they print the same.
    #expect("\(FirstStep.same)" == "\(SecondStep.same)")
    #expect(FlowDiagnostic.stepAfterRelease(step: FirstStep.same) != .stepAfterRelease(step: SecondStep.same))
    // Every value of the case counts, and another case with the same step is different.
    #expect(
      FlowDiagnostic.stepAfterEnd(step: TestStep.start, flow: "A")
        != .stepAfterEnd(step: TestStep.start, flow: "B"))
    #expect(
      FlowDiagnostic.stepAfterEnd(step: TestStep.start, flow: "A")
        != .noParentFlow(step: TestStep.start, flow: "A"))
  }

  @Test("withDiagnostics returns typed values: read one with as(_:), all of a type with cases(of:)")
  func readingCases() async {
    let diagnostics = await withDiagnostics {
      RecomputedStoreReactor().send(.tap)
      Flows.use(LoggingFlow("outside"), when: .created) { (_: TabBar) in }
      ReactorFlowDiagnostics.emit("plain text")
    }
    #expect(
      diagnostics == [
        .reactor(.storeNotStored(reactor: "RecomputedStoreReactor")),
        .flow(.wrongRootType(flow: "LoggingFlow", expected: "TabBar", actual: "NavigationStack")),
        .text("plain text"),
      ])
    #expect(
      diagnostics.first?.as(ReactorDiagnostic.self) == .storeNotStored(reactor: "RecomputedStoreReactor"))
    #expect(diagnostics.first?.as(FlowDiagnostic.self) == nil)
    #expect(
      diagnostics.cases(of: FlowDiagnostic.self) == [
        .wrongRootType(flow: "LoggingFlow", expected: "TabBar", actual: "NavigationStack")
      ])
    #expect(diagnostics.cases(of: String.self) == ["plain text"])
    #expect(diagnostics.messages.last == "plain text")
  }

  @Test("a task-local handler receives the typed value, and its text")
  func handlerReceivesTypedValue() {
    let received = LockIsolated<[ReactorFlowDiagnostics.Diagnostic]>([])
    ReactorFlowDiagnostics.$handler.withValue(
      .init { diagnostic in received.withValue { $0.append(diagnostic) } }
    ) {
      RecomputedStoreReactor().send(.tap)
    }
    #expect(received.value.map { $0.value is ReactorDiagnostic } == [true])
    #expect(
      received.value.first?.message
        == ReactorDiagnostic.storeNotStored(reactor: "RecomputedStoreReactor").message)
    #expect("\(received.value[0])" == received.value[0].message)
  }
}
