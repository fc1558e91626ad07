/// A class whose instances are equal only to themselves: `==` is `===`.
///
/// ReactorKit's protocol of the same name: a state that holds a class instance (a service, a
/// presenter) stays `Equatable` without comparing that instance's contents.
///
/// ```swift
/// final class ImageCache: IdentityEquatable {}
/// struct State: Equatable { var cache: ImageCache }
/// ```
public protocol IdentityEquatable: AnyObject, Equatable {}

extension IdentityEquatable {
  /// Whether `lhs` and `rhs` are the same instance.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs === rhs
  }
}

/// A class hashed and compared by identity: two instances are equal (and hash alike) only when
/// they are the same object. ReactorKit's protocol of the same name.
public protocol IdentityHashable: IdentityEquatable, Hashable {}

extension IdentityHashable {
  /// Hashes the instance's identity (`ObjectIdentifier`), not its contents.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }
}
