import Foundation

/// How many columns and rows the app may draw on.
public struct TerminalSize: Sendable, Equatable, CustomStringConvertible {
  /// The smallest size the frame is laid out for (smaller terminals get the same frame, cut).
  public static let minimum = TerminalSize(columns: 40, rows: 12)
  /// A transcript (a pipe, a file, `--script`): 80 columns, as many rows as the frame needs.
  public static let transcript = TerminalSize(columns: 80, rows: nil)

  /// How many columns a line may take.
  public var columns: Int
  /// How many rows the frame may take (`nil`: as many as it needs, as in a transcript).
  public var rows: Int?

  /// A size of `columns` × `rows`.
  public init(columns: Int, rows: Int?) {
    self.columns = columns
    self.rows = rows
  }

  /// `80×24`, or `80 columns` when rows are unbounded.
  public var description: String { rows.map { "\(columns)×\($0)" } ?? "\(columns) columns" }
}

extension TerminalSize {
  /// The size of the terminal on `fileDescriptor` (`ioctl` `TIOCGWINSZ`); else `COLUMNS` and
  /// `LINES` from `environment`; else 80×24.
  public static func current(
    of fileDescriptor: Int32, environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> TerminalSize {
    var size = winsize()
    if ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
      return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
    let columns = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
    let rows = environment["LINES"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 24
    return TerminalSize(columns: columns, rows: rows)
  }
}
