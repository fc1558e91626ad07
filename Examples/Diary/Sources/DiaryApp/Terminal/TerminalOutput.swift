import Foundation

/// Where the app writes: a file descriptor, written with `write(2)` at once (no buffering, so a
/// transcript is complete up to a crash). A write that fails — a full disk (`> /dev/full`), a
/// closed pipe (with SIGPIPE ignored), a terminal that hung up — throws instead of crashing.
@MainActor
public final class TerminalOutput {
  /// Why a write failed.
  public struct Failure: Error, CustomStringConvertible {
    /// The `errno` of the failed write.
    public let code: Int32
    /// "standard output could not be written (No space left on device)".
    public var description: String {
      "the output could not be written (\(String(cString: strerror(code))))"
    }
  }

  private let fileDescriptor: Int32
  /// Set after the first failure: nothing more is attempted.
  public private(set) var failure: Failure?

  /// Writes to `fileDescriptor` (not closed by this object).
  public init(fileDescriptor: Int32) { self.fileDescriptor = fileDescriptor }

  /// Standard output.
  public static let standardOutput = TerminalOutput(fileDescriptor: STDOUT_FILENO)
  /// Standard error.
  public static let standardError = TerminalOutput(fileDescriptor: STDERR_FILENO)

  /// Writes all of `text`, or throws (and writes nothing more afterwards).
  public func write(_ text: String) throws(Failure) {
    if let failure { throw failure }
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        let failure = Failure(code: errno)
        self.failure = failure
        throw failure
      }
      offset += written
    }
  }

  /// Writes `text` if the output still works; a failure is remembered in ``failure``.
  public func writeIfPossible(_ text: String) {
    try? write(text)
  }
}

/// `write(2)`.
private func systemWrite(_ fileDescriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(fileDescriptor, bytes, count)
}
