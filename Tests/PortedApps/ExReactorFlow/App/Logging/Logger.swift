import Foundation

// The app logs through CocoaLumberjack, which is not ported: this logger keeps each line it is
// given, with its level, so that a test can read what the app logged.

let log = Logger()

final class Logger: @unchecked Sendable {
  enum Level: String, Sendable {
    case error = "ERROR"
    case warning = "WARNING"
    case info = "INFO"
    case debug = "DEBUG"
    case verbose = "VERBOSE"
  }

  struct Line: Equatable, Sendable {
    let level: Level
    let message: String
  }

  private let lock = NSLock()
  private var stored: [Line] = []

  /// Every line logged so far, oldest first.
  var lines: [Line] {
    lock.withLock { stored }
  }

  func error(_ items: Any...) { append(.error, items) }
  func warning(_ items: Any...) { append(.warning, items) }
  func info(_ items: Any...) { append(.info, items) }
  func debug(_ items: Any...) { append(.debug, items) }
  func verbose(_ items: Any...) { append(.verbose, items) }

  private func append(_ level: Level, _ items: [Any]) {
    let message = items.map { String(describing: $0) }.joined(separator: " ")
    lock.withLock { stored.append(Line(level: level, message: message)) }
  }
}
