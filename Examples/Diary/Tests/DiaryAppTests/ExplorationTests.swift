import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import DiaryApp

@MainActor
@Suite("Demo: every path explored, and the committed map in step with the code", .checksLeaks)
struct ExplorationTests {
  /// The repository's `docs/` folder.
  static let docs = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("docs")

  static func explore() async -> ExplorationResult {
    var exploration = DiaryExploration.make()
    exploration.progress = .never
    return await exploration.run()
  }

  @Test("every screen is reached; no path has a problem; the committed map is the code's")
  func everyScreenAndTheMap() async throws {
    let result = await Self.explore()
    #expect(result.isComplete)
    #expect(result.problems.isEmpty, "\(result.report)")
    let screens = [
      "Launch", "Sign in", "Find password", "Diary", "Wishlist", "Profile", "New entry", "My day",
      "Edit", "Spirited Away", "Settings", "Text preview", "Accent colour", "PIN", "Private notes",
    ]
    for screen in screens {
      #expect(!result.states(showing: screen).isEmpty, "\(screen) was not reached")
    }
    for (name, map) in [("navigation-map", result.screens), ("navigation-map-states", result)] {
      for (ext, text) in [("mmd", map.mermaid), ("dot", map.dot)] {
        let file = Self.docs.appendingPathComponent("\(name).\(ext)")
        let committed = try String(contentsOf: file, encoding: .utf8)
        #expect(
          committed == text,
          "docs/\(name).\(ext) is not the map of the code: regenerate it with `swift run diary explore --output docs/`"
        )
      }
    }
  }

  @Test("a screen left only with a secret is reported, unless it declares itself a gate")
  func onlyASecretLeaves() async {
    for isGate in [false, true] {
      var exploration = Exploration { run in
        run.window.rootViewController = SecretHome(promptIsGate: isGate)
        run.window.makeKeyAndVisible()
      }
      exploration.progress = .never
      let result = await exploration.run()
      let stuck = result.problems.filter { $0.kind == .stuck }
      #expect(stuck.count == (isGate ? 0 : 1), "\(result.report)")
      if !isGate {
        #expect(
          stuck.first?.message.contains("only with a secret (Enter the secret)") == true, "\(result.report)")
      }
    }
  }

  @Test(
    "a settings notification while the settings are shown leaves them as they are (found by the explorer)")
  func settingsNotificationTwice() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      let diagnostics = await withDiagnostics {
        await session.signIn()
        session.app.navigate(to: AppStep.settingsAreRequired)
        await session.app.settle()
        session.app.navigate(to: AppStep.settingsAreRequired)
        await session.app.settle()
      }
      #expect(diagnostics.isEmpty)
      #expect(session.top == "Settings")
      #expect(session.app.runningFlows.filter { $0 is SettingsFlow }.count == 1)
      #expect((session.app.window.rootViewController as? TabBar)?.selectedViewController?.title == "Profile")
    }
  }

  @Test("a settings notification while the PIN is asked leaves the PIN prompt (found by the explorer)")
  func settingsNotificationOverPIN() async throws {
    try await expectNoLeaks { leaks in
      let session = try Session(leaks)
      let diagnostics = await withDiagnostics {
        await session.signIn()
        session.app.window.userSelectsTab("Profile")
        await session.type("l")
        session.app.navigate(to: AppStep.settingsAreRequired)
        await session.app.settle()
      }
      #expect(diagnostics.isEmpty)
      #expect(session.top == "PIN")
      #expect(session.app.runningFlows.filter { $0 is SettingsFlow }.isEmpty)
    }
  }
}

/// A screen that presents a prompt left only with a secret.
@MainActor
private final class SecretHome: Screen, ExplorableScreen {
  let promptIsGate: Bool
  init(promptIsGate: Bool) {
    self.promptIsGate = promptIsGate
    super.init(title: "Home")
  }
  var userActions: [UserAction] {
    [
      UserAction("Open the prompt") { [weak self] in
        guard let self else { return }
        self.present(SecretPrompt(isGate: self.promptIsGate), style: .fullScreen)
      }
    ]
  }
}

/// A prompt whose only way out is the secret.
@MainActor
private final class SecretPrompt: Screen, ExplorableScreen {
  let isGate: Bool
  init(isGate: Bool) {
    self.isGate = isGate
    super.init(title: "Prompt")
  }
  var userActions: [UserAction] {
    var enter = UserAction("Enter the secret") { [weak self] in self?.presentingScreen?.dismiss() }
    enter.needsSecret = true
    return [enter]
  }
}
