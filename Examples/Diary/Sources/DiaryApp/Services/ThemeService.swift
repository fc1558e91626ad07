import ReactorFlow

/// The accent colour of the tabs.
public enum Accent: String, CaseIterable, Sendable, Codable {
  case green, blue, magenta, yellow

  /// The ANSI escape that draws in this colour.
  var ansi: String {
    switch self {
    case .green: return "\u{1B}[32m"
    case .blue: return "\u{1B}[34m"
    case .magenta: return "\u{1B}[35m"
    case .yellow: return "\u{1B}[33m"
    }
  }
}

/// The app-wide accent colour, changed in the settings and broadcast as a global event that the
/// tabs' reactors merge in `transform(mutation:)` (a service's global event). The colour picked
/// is kept in the diary's file (by the settings' reactor); the launch screen reads it back.
@MainActor
final class ThemeService {
  /// The colour now.
  private(set) var accent: Accent = .green
  /// Whether the user picked a colour in this run: it wins over the one kept in the file.
  private var picked = false
  /// Every change, for reactors to merge.
  let accentChanges = PublishRelay<Accent>()

  private let activity: Activity
  private var listeners: [@MainActor () -> Accent?] = []

  init(activity: Activity) { self.activity = activity }

  /// The global event a reactor merges in `transform(mutation:)` — each change as
  /// `mutation(accent)` — and registers `reactor`, so that a change counts as in flight until it
  /// has reduced it (read back through `accent`).
  func follow<R: Reactor>(
    _ reactor: R, reading accent: @escaping @MainActor (R.State) -> Accent,
    as mutation: @escaping @Sendable (Accent) -> R.Mutation
  ) -> Effect<R.Mutation> where R.Mutation: Sendable {
    listeners.append { [weak reactor] in reactor.map { accent($0.currentState) } }
    return .from(accentChanges.map(mutation))
  }

  /// Uses `accent`, the colour kept in the diary's file, unless the user picked one in this run
  /// (which may not have been kept). Called before the tabs' reactors exist: nothing to broadcast.
  func useKept(_ accent: Accent) {
    guard !picked else { return }
    self.accent = accent
  }

  /// Changes the colour and broadcasts it.
  func change(to accent: Accent) {
    picked = true
    self.accent = accent
    accentChanges.accept(accent)
    listeners.removeAll { $0() == nil }
    guard !listeners.allSatisfy({ $0() == accent }) else { return }
    // The listening reactors reduce the change asynchronously; wait for them, bounded.
    activity.begin()
    Task { @MainActor in
      var turns = 0
      while turns < 100_000, !listeners.allSatisfy({ ($0() ?? accent) == accent }) {
        turns += 1
        await Task.yield()
      }
      activity.end()
    }
  }
}
