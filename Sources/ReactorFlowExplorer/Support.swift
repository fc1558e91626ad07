import ConcurrencyExtras
import Foundation

/// Collects the diagnostics ReactorFlow reports on any thread during a replay.
final class DiagnosticsBox: Sendable {
  private let messages = LockIsolated<[String]>([])

  func append(_ message: String) { messages.withValue { $0.append(message) } }

  func take() -> [String] {
    messages.withValue { messages in
      defer { messages.removeAll() }
      return messages
    }
  }
}

/// The crash journal: a file naming the path being replayed.
enum CrashJournal {
  static func write(_ path: String, _ text: String) {
    try? (text + "\n").write(toFile: path, atomically: false, encoding: .utf8)
  }

  static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// The progress line on standard error.
struct ProgressLine {
  private let isTerminal: Bool
  private let isOn: Bool

  init(_ progress: ExplorationProgress) {
    isTerminal = isatty(2) != 0
    switch progress {
    case .automatic: isOn = isTerminal
    case .always: isOn = true
    case .never: isOn = false
    }
  }

  func show(explored: Int, frontier: Int, problems: Int) {
    guard isOn else { return }
    let line = "exploring: \(explored) states explored, \(frontier) in the frontier, \(problems) problem(s)"
    if isTerminal {
      FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    } else if explored % 50 == 0 {
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
  }

  func finish(explored: Int, states: Int, problems: Int) {
    guard isOn else { return }
    let line = "explored: \(explored) states expanded, \(states) reached, \(problems) problem(s)\n"
    FileHandle.standardError.write(Data(((isTerminal ? "\r\u{1B}[K" : "") + line).utf8))
  }
}
