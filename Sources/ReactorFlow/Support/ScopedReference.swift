/// The object a main-actor operation runs for, visible to the code that operation calls, and
/// only while it runs — without retaining it (a retain and release of a weakly referenced
/// object is a slow path of the runtime, and this is set on every step a coordinator handles).
///
/// Sound by construction: the reference is stored only while ``with(_:_:)`` runs — the object is
/// its argument, which the caller keeps alive until the call returns — and the previous value is
/// restored on the way out, so a reference read from ``value`` is always to a live object. This
/// is the one place in the library that holds an unretained reference.
@MainActor
final class ScopedReference<Object: AnyObject> {
  private var current: Unmanaged<Object>?

  init() {}

  /// The object of the innermost ``with(_:_:)`` running now, if any.
  var value: Object? { current?.takeUnretainedValue() }

  /// Runs `body` with ``value`` set to `object`, then restores the previous value.
  func with<Result>(_ object: Object, _ body: () throws -> Result) rethrows -> Result {
    let previous = current
    current = .passUnretained(object)
    defer { current = previous }
    // (Not `withExtendedLifetime(object) { … }`: the argument lives until the call returns
    // anyway, and Swift checks the executor on entry to a main-actor closure handed to it.)
    return try body()
  }
}
