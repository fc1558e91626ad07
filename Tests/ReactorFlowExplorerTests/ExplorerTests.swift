import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@MainActor
@Suite("Explorer: every path of small apps with one fault each", .checksLeaks)
struct ExplorerTests {
  static func shop() -> Exploration {
    var exploration = Exploration { run in
      run.start(ShopFlow(window: run.window), with: OneStepper(withSingleStep: ShopStep.start))
    }
    exploration.progress = .never
    exploration.script.setup = [
      "tester.start(ShopFlow(window: tester.window), with: OneStepper(withSingleStep: ShopStep.start))"
    ]
    return exploration
  }

  static func news() -> Exploration {
    var exploration = Exploration { run in
      run.window.rootViewController = nil
      let flow = NewsFlow()
      run.window.rootViewController = flow.navigation
      run.start(flow, with: OneStepper(withSingleStep: NewsStep.start))
    }
    exploration.steps = [ExplorationStep(NewsStep.promotionIsRequired)]
    exploration.progress = .never
    return exploration
  }

  static func about() -> Exploration {
    var exploration = Exploration { run in
      let flow = AboutFlow()
      run.window.rootViewController = flow.navigation
      run.start(flow, with: OneStepper(withSingleStep: AboutStep.start))
    }
    exploration.progress = .never
    exploration.script.setup = [
      "let flow = AboutFlow()",
      "tester.window.rootViewController = flow.navigation",
      "tester.start(flow, with: OneStepper(withSingleStep: AboutStep.start))",
    ]
    return exploration
  }

  @Test("a step dropped only after a deep link is found, with that path")
  func droppedAfterDeepLink() async {
    let result = await Self.news().run()
    #expect(result.problems.count == 1, "\(result.report)")
    let problem = result.problems.first
    #expect(problem?.kind == .diagnostic)
    #expect(problem?.path == [.step("promotionIsRequired"), .action("Refresh home")])
    #expect(problem?.message.contains("dropped homeNeedsRefresh") == true)
    #expect(
      problem?.script.contains("tester.navigate(to: ReactorFlowExplorerTests.NewsStep.promotionIsRequired)")
        == true)
  }

  @Test("a screen with no way back is found, with that path; a terminal screen is not")
  func noWayBack() async {
    let result = await Self.about().run()
    #expect(result.problems.count == 1, "\(result.report)")
    let problem = result.problems.first
    #expect(problem?.kind == .stuck)
    #expect(problem?.path == [.action("Settings"), .action("About"), .action("Licences")])
    #expect(problem?.message.contains("Licences") == true)
    #expect(result.states(showing: "Signed out").count == 1)
    #expect(problem?.script == Self.pastedScript)
  }

  /// The script printed for the stuck screen, as the explorer prints it (the test below is it,
  /// pasted).
  static let pastedScript = """
    @MainActor @Test(.checksLeaks) func reproduction() async {
      let tester = FlowTester()
      let flow = AboutFlow()
      tester.window.rootViewController = flow.navigation
      tester.start(flow, with: OneStepper(withSingleStep: AboutStep.start))
      tester.expectSteps(["AboutFlow: start"])
      // 1. Settings
      await tester.window.userPerforms("Settings")
      // 2. About
      await tester.window.userPerforms("About")
      // 3. Licences
      await tester.window.userPerforms("Licences")
      // stuck: The user cannot leave Licences (fullScreen over Home › Settings › About) (AboutFlow): no gesture or action changes it.
      // Give the screen a way out, or mark it terminal. The tree here:
      //   window
      //     navigation "App"
      //       screen "Home"
      //       screen "Settings"
      //       screen "About"
      //         modal(fullScreen) screen "Licences" *
      await tester.finish()
    }
    """

  @Test("a check of the user's own runs on every state")
  func userCheck() async {
    var exploration = Self.about()
    exploration.checks = [
      ("no about page", { window in window.topScreen?.title == "About" ? "the about page is shown" : nil })
    ]
    let result = await exploration.run()
    let check = result.problems.first { $0.kind == .check }
    #expect(check?.message == "no about page: the about page is shown")
    #expect(check?.path == [.action("Settings"), .action("About")])
  }

  @Test("the depth limit leaves a partial map, and says so")
  func depthLimit() async {
    var exploration = Self.about()
    exploration.maxDepth = 1
    let result = await exploration.run()
    #expect(!result.isComplete)
    #expect(result.longestShortestPath == 1)
    #expect(result.problems.isEmpty, "states past the limit are not judged stuck")
  }
}

/// The script printed for the screen with no way back, pasted as it is: it compiles and runs.
@Suite("Explorer: a printed reproduction script, pasted", .checksLeaks)
struct PastedReproductionTests {
  // swift-format-ignore
  @MainActor @Test(.checksLeaks) func reproduction() async {
    let tester = FlowTester()
    let flow = AboutFlow()
    tester.window.rootViewController = flow.navigation
    tester.start(flow, with: OneStepper(withSingleStep: AboutStep.start))
    tester.expectSteps(["AboutFlow: start"])
    // 1. Settings
    await tester.window.userPerforms("Settings")
    // 2. About
    await tester.window.userPerforms("About")
    // 3. Licences
    await tester.window.userPerforms("Licences")
    // stuck: The user cannot leave Licences (fullScreen over Home › Settings › About) (AboutFlow): no gesture or action changes it.
    // Give the screen a way out, or mark it terminal. The tree here:
    //   window
    //     navigation "App"
    //       screen "Home"
    //       screen "Settings"
    //       screen "About"
    //         modal(fullScreen) screen "Licences" *
    await tester.finish()
  }
}

/// The app whose flow leaks: its tests one at a time, each letting the leaked flows go at its
/// end (objects alive when the process exits would be reported by the address sanitizer's leak
/// check in CI).
@MainActor
@Suite("Explorer: the app whose flow leaks", .serialized, .checksLeaks)
struct LeakingAppTests {
  @Test("a flow that leaks after tab → sheet → back is found, with that path")
  func leakAfterTabSheetBack() async {
    defer { SettingsFlow.keptForever.removeAll() }
    let result = await ExplorerTests.shop().run()
    let leaks = result.problems.filter { $0.kind == .leak }
    #expect(leaks.count == 1, "\(result.report)")
    #expect(
      leaks.first?.path == [.selectTab("Profile"), .action("Open settings"), .action("Notifications"), .back])
    #expect(leaks.first?.message.contains("SettingsFlow") == true)
    #expect(result.problems.count == 1, "\(result.report)")
    #expect(leaks.first?.script.contains("tester.window.userTapsBack()") == true)
  }

  @Test("the same app gives byte-identical maps")
  func deterministicMaps() async {
    defer { SettingsFlow.keptForever.removeAll() }
    let first = await ExplorerTests.shop().run()
    let second = await ExplorerTests.shop().run()
    #expect(first.mermaid == second.mermaid)
    #expect(first.dot == second.dot)
    #expect(first.states.count == second.states.count)
  }
}
