import ArgumentParser
import DiaryApp
import Foundation
import ReactorFlowExplorer

/// `swift run diary explore`: explores every path of the app's navigation, prints what it found,
/// and writes the map.
struct Explore: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Explore every path of the diary's navigation, check each, and write its map.",
    discussion: """
      Starts the app afresh for every path (in memory, no delays), tries every gesture (back, \
      swipe a sheet down, select a tab), every key of each screen and a settings notification, \
      and checks each path: no diagnostic, nothing alive after the app is torn down, no screen \
      the user cannot leave. Writes navigation-map.mmd (Mermaid) and navigation-map.dot \
      (Graphviz) into the output folder, and navigation-map.svg when Graphviz's dot is installed. \
      The map by screen goes to navigation-map.*, the map of every state (the same screens \
      with what the other tabs hold) to navigation-map-states.*. Exits with 1 if it found a \
      problem.
      """)

  @Option(name: .long, help: "The folder the map is written to.")
  var output = "docs"

  @Option(name: .long, help: "The name of the map's files, without extension.")
  var name = "navigation-map"

  @Flag(name: .long, help: "Show progress on standard error even when it is not a terminal.")
  var progress = false

  func run() async throws {
    let code = await Self.explore(output: output, name: name, progress: progress)
    if code != 0 { throw ExitCode(code) }
  }

  @MainActor
  static func explore(output: String, name: String, progress: Bool) async -> Int32 {
    var exploration = DiaryExploration.make()
    if progress { exploration.progress = .always }
    let result = await exploration.run()
    print(result.report)
    let milliseconds =
      result.duration.components.seconds * 1000 + result.duration.components.attoseconds
      / 1_000_000_000_000_000
    print("explored in \(milliseconds) ms")
    do {
      for line in try result.screens.writeMap(to: output, name: name) { print(line) }
      for line in try result.writeMap(to: output, name: name + "-states") { print(line) }
    } catch {
      FileHandle.standardError.write(Data("error: could not write the map: \(error)\n".utf8))
      return 1
    }
    return result.problems.isEmpty ? 0 : 1
  }
}
