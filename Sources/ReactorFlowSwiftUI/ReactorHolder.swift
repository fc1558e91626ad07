import ReactorFlow

/// Makes a view's reactor once, on first use, and keeps it as long as the holder lives.
///
/// SwiftUI re-creates a view's struct on every update of its parent; a reactor made in the
/// view's initialiser would be made again each time (and its state lost). ``OwnedReactor`` keeps
/// one holder in the view's `@State`, so the reactor is made once for the view's identity and
/// released with it; the holders SwiftUI makes and discards meanwhile never make theirs.
@MainActor
public final class ReactorHolder<R: Reactor> {
  private var make: (@MainActor () -> R)?
  private var made: R?

  /// A holder that makes its reactor with `make` on first use.
  public init(_ make: @escaping @MainActor () -> R) {
    self.make = make
  }

  /// The reactor, made on the first read.
  public var reactor: R {
    if let made { return made }
    let reactor = make!()
    made = reactor
    make = nil
    return reactor
  }

  /// Whether the reactor has been made.
  public var isMade: Bool { made != nil }
}
