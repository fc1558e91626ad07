import ReactorFlow
import ReactorFlowHeadless

/// Something a user can do on a screen, beyond the gestures every app has (back, swipe a sheet
/// down, select a tab): "sign in with valid credentials", "open the first entry".
///
/// A screen lists them by adopting ``ExplorableScreen``, or the exploration lists them for
/// screens it cannot change (``Exploration/actions``).
public struct UserAction {
  /// The name shown on the map and used to find the action again when a path is replayed.
  public let name: String
  /// The code that does it in a reproduction script (`nil`: `window.userPerforms("name")`).
  public let code: String?
  /// Does it; the exploration waits for the app to settle afterwards.
  public let perform: @MainActor () async -> Void
  /// Whether it takes what not every user has (a password, a PIN): a state whose only ways
  /// out need a secret is reported, unless its screen is a gate (``ExplorableScreen/isGate``).
  public var needsSecret = false

  /// Creates an action named `name` that runs `perform`; `code` is what a reproduction script
  /// writes for it (by default `<window>.userPerforms("name")`).
  public init(_ name: String, code: String? = nil, perform: @escaping @MainActor () async -> Void) {
    self.name = name
    self.code = code
    self.perform = perform
  }
}

/// A screen that tells the explorer what a user can do on it, and whether it is an end.
///
/// The reactor bound to a screen (a `View`'s `reactor`) may adopt it instead: its actions are
/// the screen's (its `isTerminal` is not read).
///
/// ```swift
/// final class SignInScreen: Screen, ExplorableScreen {
///   let reactor = SignInReactor()
///
///   var userActions: [UserAction] {
///     [UserAction("Sign in") { [weak self] in self?.reactor.send(.signIn) }]
///   }
/// }
/// ```
@MainActor
public protocol ExplorableScreen: AnyObject {
  /// What the user can do on this screen now, in a stable order.
  var userActions: [UserAction] { get }
  /// Whether this screen is an end the user is not meant to leave (not reported as stuck).
  var isTerminal: Bool { get }
  /// Whether this screen is meant to be left only with a secret (a sign-in the app cannot be
  /// used without): its only ways out needing a secret is not reported.
  var isGate: Bool { get }
}

extension ExplorableScreen {
  /// A screen is not terminal unless it says so.
  public var isTerminal: Bool { false }
  /// A screen is not a gate unless it says so: a prompt for a secret needs a way out (cancel).
  public var isGate: Bool { false }
}

extension Window {
  /// The top screen's title (its kind, untitled) when it is a gate — it, or the reactor bound to
  /// it, says ``ExplorableScreen/isGate`` — `nil` otherwise.
  public var gateScreen: String? {
    guard let top = topScreen else { return nil }
    let reactor = (top as? any View)?.reactor as? ExplorableScreen
    guard (top as? ExplorableScreen)?.isGate == true || reactor?.isGate == true else { return nil }
    return top.title.isEmpty ? top.kind : top.title
  }
}

extension Window {
  /// The reactor recorded at `source` (`recordedSource`) that a screen of this window is bound
  /// to — a screen in a container or presented included — if one is.
  func recordedReactor(at source: JournalSource) -> (any Reactor)? {
    recordedScreenReactors.first { $0.source == source }?.reactor
  }

  /// The recorded reactors the screens of this window are bound to, by where they sit, from the
  /// root down.
  var recordedScreenReactors: [(source: JournalSource, reactor: any Reactor)] {
    var found: [(source: JournalSource, reactor: any Reactor)] = []
    var pending: [Screen] = rootViewController.map { [$0] } ?? []
    while !pending.isEmpty {
      let screen = pending.removeFirst()
      if let reactor = (screen as? any View)?.reactor as (any Reactor)?, let source = reactor.recordedSource {
        found.append((source, reactor))
      }
      pending.append(contentsOf: screen.children)
      if let presented = screen.presentedScreen { pending.append(presented) }
    }
    return found
  }
}
