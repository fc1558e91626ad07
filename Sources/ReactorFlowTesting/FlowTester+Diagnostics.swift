import CustomDump
import ReactorFlow
import ReactorFlowHeadless

/// Stating the diagnostics the flows reported: as cases, or by their text.
extension FlowTester {
  /// Checks the diagnostics reported since the last check, by case, in order.
  ///
  /// ```swift
  /// @MainActor @Test func unknownLink() async {
  ///   let tester = FlowTester()
  ///   tester.start(AppFlow(window: tester.window), with: AppStepper())
  ///   tester.coordinator.navigate(toDeepLink: "myapp://nowhere", with: DeepLinkRouter(scheme: "myapp"))
  ///   tester.expectDiagnostics([.rejectedDeepLink(.unknownRoute("nowhere"))])
  /// }
  /// ```
  public func expectDiagnostics(
    _ expected: [FlowDiagnostic], fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    checkRootIsInWindow()
    let actual = unstatedDiagnostics
    unstatedDiagnostics.removeAll()
    guard actual != expected else { return }
    reportFailure(
      """
      The diagnostics are not the expected ones. (− expected, + actual)

      \(difference(expected.map(\.description), actual.map(\.description)))
      """, fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Checks the diagnostics reported since the last check by their text: each expected string must
  /// be part of one diagnostic's message, in order. Prefer the cases
  /// (the overload that takes `FlowDiagnostic` values): a case states the whole diagnostic.
  public func expectDiagnostics(
    _ expected: [String], fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) {
    checkRootIsInWindow()
    let actual = unstatedDiagnostics.map(\.description)
    unstatedDiagnostics.removeAll()
    let matches =
      actual.count == expected.count && zip(actual, expected).allSatisfy { $0.contains($1) }
    guard !matches else { return }
    reportFailure(
      """
      The diagnostics are not the expected ones. (− expected, + actual)

      \(difference(expected, actual))
      """, fileID: fileID, filePath: filePath, line: line, column: column)
  }
}
