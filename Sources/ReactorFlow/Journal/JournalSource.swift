/// Where an entry of a ``Journal`` comes from, named by where it sits rather than by address: each
/// component is a type name and the ordinal of that instance among its parent's children of the
/// same type, so that a fresh process maps the entry to its own instance.
///
/// ```swift
/// let list = JournalSource.app.appending("AppFlow").appending("HomeFlow", ordinal: 1)
///   .appending("DiaryListReactor")
/// print(list)  // AppFlow/0 > HomeFlow/1 > DiaryListReactor/0
/// ```
public struct JournalSource: Hashable, Sendable, CustomStringConvertible {
  /// One level of a source's path: a type and its ordinal under its parent.
  public struct Component: Hashable, Sendable, CustomStringConvertible {
    /// The type's name, as `String(describing:)` writes it (no module prefix).
    public var typeName: String
    /// The instance's index among its parent's children of the same type, from 0.
    public var ordinal: Int

    /// A component for the instance of `typeName` at `ordinal`.
    public init(_ typeName: String, ordinal: Int = 0) {
      self.typeName = typeName
      self.ordinal = ordinal
    }

    /// `TypeName/ordinal`.
    public var description: String { "\(typeName)/\(ordinal)" }
  }

  /// The path from the app's root flow down to the source; empty for the app itself.
  public var path: [Component]

  /// A source at `path`.
  public init(_ path: [Component]) {
    self.path = path
  }

  /// The app itself: inputs that come from no flow, screen or reactor (a deep link, for one).
  public static let app = JournalSource([])

  /// The source of a child of this one: `typeName` at `ordinal` under it.
  public func appending(_ typeName: String, ordinal: Int = 0) -> JournalSource {
    JournalSource(path + [Component(typeName, ordinal: ordinal)])
  }

  /// The source this one sits under; `nil` for ``app``.
  public var parent: JournalSource? {
    path.isEmpty ? nil : JournalSource(Array(path.dropLast()))
  }

  /// The path as `AppFlow/0 > HomeFlow/1 > DiaryListReactor/0`; `app` for ``app``.
  public var description: String {
    path.isEmpty ? "app" : path.map(\.description).joined(separator: " > ")
  }
}
