import Foundation
import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

/// Launches differ: the "Promotion" action is there on the first launch only.
@MainActor
final class LaunchCounter {
  static var launches = 0
}

@MainActor
@Suite("Explorer: map files, the crash journal, a replay that differs", .checksLeaks)
struct MapFilesTests {
  @Test("the map of a small app, exactly: grouped by flow, the launch state doubled, edges merged")
  func dotText() async {
    let result = await ExplorerTests.about().run()
    #expect(
      result.dot == """
        digraph navigation {
          rankdir=LR;
          node [shape=box, style="rounded,filled", fillcolor="#f7f7f7", fontname="Helvetica", fontsize=11];
          edge [fontname="Helvetica", fontsize=9, color="#555555"];
          subgraph cluster_0 {
            label="AboutFlow"; style="rounded,dashed"; color="#999999"; fontname="Helvetica";
            S0 [label="Home", peripheries=2];
            S1 [label="Home › Settings"];
            S2 [label="Signed out"];
            S3 [label="Home › Settings › About"];
            S4 [label="Licences (fullScreen over Home › Settings › About)", color="#cc0000", fillcolor="#ffdddd", penwidth=2];
          }
          S0 -> S1 [label="Settings"];
          S0 -> S2 [label="Sign out"];
          S1 -> S0 [label="back"];
          S1 -> S3 [label="About"];
          S3 -> S1 [label="back"];
          S3 -> S4 [label="Licences"];
        }

        """)
    #expect(result.mermaid.hasPrefix("flowchart LR\n  subgraph F0[\"AboutFlow\"]\n    S0[\"Home\"]"))
    #expect(result.mermaid.contains("  S3 -->|\"Licences\"| S4\n"))
    #expect(result.mermaid.hasSuffix("  class S4 problem\n"))
  }

  @Test("without Graphviz, writeMap writes Mermaid and DOT and says plainly that there is no SVG")
  func writesFilesWithoutGraphviz() async throws {
    let result = await ExplorerTests.about().run()
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("explorer-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // No `dot` in an empty search path. (With Graphviz, Foundation's `Process` keeps a weak
    // reference's side table that the address sanitizer's leak check reports; the SVG is
    // checked by hand: `swift run diary explore`.)
    let lines = try result.writeMap(to: folder, name: "map", searchPath: folder)
    #expect(try String(contentsOfFile: folder + "/map.mmd", encoding: .utf8) == result.mermaid)
    #expect(try String(contentsOfFile: folder + "/map.dot", encoding: .utf8) == result.dot)
    #expect(!FileManager.default.fileExists(atPath: folder + "/map.svg"))
    #expect(
      lines == [
        "wrote \(folder)/map.mmd", "wrote \(folder)/map.dot",
        "no SVG: Graphviz's `dot` is not installed (on Debian or Ubuntu: apt-get install graphviz; "
          + "on macOS: brew install graphviz); the Mermaid and DOT files are written",
      ])
  }

  @Test("the crash journal names the path being replayed, and is gone once it ends")
  func crashJournal() async {
    var exploration = ExplorerTests.about()
    let journal = FileManager.default.temporaryDirectory
      .appendingPathComponent("journal-\(UUID().uuidString)").path
    exploration.crashJournal = journal
    exploration.checks = [
      (
        "journal",
        { window in
          let text = (try? String(contentsOfFile: journal, encoding: .utf8)) ?? "none"
          guard window.topScreen?.title == "Licences" else { return nil }
          return text
        }
      )
    ]
    let result = await exploration.run()
    let check = result.problems.first { $0.kind == .check }
    #expect(
      check?.message
        == "journal: The app crashed replaying this path (3 inputs): Settings → About → Licences\n")
    #expect(!FileManager.default.fileExists(atPath: journal))
  }

  @Test("an input missing when its path is replayed is reported: the app does not behave the same twice")
  func nondeterminism() async {
    LaunchCounter.launches = 0
    var exploration = Exploration { run in
      LaunchCounter.launches += 1
      let home = ActionScreen(title: "Home")
      if LaunchCounter.launches == 1 {
        home.actions = [UserAction("Promotion") { [weak home] in home?.title = "Promotion" }]
      }
      run.window.rootViewController = NavigationStack(rootViewController: home, title: "App")
    }
    exploration.progress = .never
    let result = await exploration.run()
    let problem = result.problems.first { $0.kind == .nondeterminism }
    #expect(problem?.path == [.action("Promotion")])
    #expect(problem?.message == "Promotion was not available when its path was replayed.")
  }
}

@MainActor
@Suite("Explorer: actions a reactor lists", .checksLeaks)
struct ReactorActionsTests {
  @Test("the actions of the reactor bound to a screen are the screen's")
  func reactorActions() async {
    var exploration = Exploration { run in
      let reactor = CounterReactor()
      let screen = CounterScreen(title: "Counter")
      screen.reactor = reactor
      let navigation = NavigationStack(rootViewController: screen, title: "App")
      reactor.navigation = navigation
      run.window.rootViewController = navigation
    }
    exploration.progress = .never
    let result = await exploration.run()
    #expect(result.states.map(\.label) == ["Counter", "Counter › Details"])
    #expect(result.moves.map(\.input) == [.action("Details"), .back])
    #expect(result.problems.isEmpty, "\(result.report)")
  }
}
