/// Where, in the app's code, an action was sent or a step accepted: the `#fileID` (module and
/// file) and the line of the ``Reactor/send(_:fileID:line:)`` or ``PublishRelay/accept(_:fileID:line:)``
/// call, as a ``JournalEntry`` holds it.
///
/// ```swift
/// let site = JournalCallSite(fileID: "Diary/DiaryListView.swift", line: 42)
/// print(site)  // DiaryListView.swift:42
/// ```
public struct JournalCallSite: Hashable, Sendable, CustomStringConvertible {
  /// The module and the file, as `#fileID` writes them: `Diary/DiaryListView.swift`.
  public var fileID: String
  /// The line, from 1.
  public var line: Int

  /// The call site at `line` of `fileID`.
  public init(fileID: String, line: Int) {
    self.fileID = fileID
    self.line = line
  }

  /// The file's name, without its module: `DiaryListView.swift`.
  public var fileName: String {
    guard let slash = fileID.lastIndex(of: "/") else { return fileID }
    return String(fileID[fileID.index(after: slash)...])
  }

  /// `DiaryListView.swift:42`: the file's name and the line.
  public var description: String { "\(fileName):\(line)" }
}
