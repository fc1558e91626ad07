import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowTesting
import Testing

@testable import DiaryApp

@MainActor
@Suite("Demo: every path explored, and the committed map in step with the code", .checksLeaks)
struct ExplorationTests {
  @Test("every screen is reached, and no path has a problem")
  func everyScreen() async {
    var exploration = DiaryExploration.make()
    exploration.progress = .always
    let result = await exploration.run()
    print(result.report)
    print(result.duration)
    print(result.mermaid)
  }
}
