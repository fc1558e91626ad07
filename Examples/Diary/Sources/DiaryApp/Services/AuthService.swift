import Foundation

/// The signed-in user.
struct User: Equatable, Sendable {
  let email: String
  let name: String
}

/// Why signing in failed, said so that the user knows what to do.
enum AuthError: Error, Equatable, CustomStringConvertible {
  case unknownAccount(String)
  case wrongPassword

  var description: String {
    switch self {
    case .unknownAccount(let email):
      return "No account uses \(email). The demo account is \(AuthService.demoEmail)."
    case .wrongPassword:
      return "Wrong password. Use \"f\" if you forgot it."
    }
  }
}

/// An authentication service that behaves like a network call: asynchronous, slow, cancellable.
///
/// It knows one account, the demo account.
struct AuthService: Sendable {
  static let demoEmail = "demo@reactorflow.dev"
  static let demoPassword = "reactor123"

  /// The clock the "network" waits on (a test clock in tests).
  let clock: any Clock<Duration>
  /// How long a call takes.
  let latency: Duration
  /// How many calls were made (a replayed session makes none).
  let calls = CallCount()

  func signIn(email: String, password: String) async throws -> User {
    calls.increment()
    try await clock.sleep(for: latency)
    guard email.lowercased() == Self.demoEmail else { throw AuthError.unknownAccount(email) }
    guard password == Self.demoPassword else { throw AuthError.wrongPassword }
    return User(email: Self.demoEmail, name: "Demo")
  }

  /// "Sends" a reset link; returns what the screen should say.
  func sendPasswordReset(to email: String) async throws -> String {
    calls.increment()
    try await clock.sleep(for: latency)
    guard email.lowercased() == Self.demoEmail else { throw AuthError.unknownAccount(email) }
    return "The demo password is \(Self.demoPassword) (no mail is sent in the demo)."
  }
}

/// A count that any thread increments (the auth service is called from effects' tasks).
final class CallCount: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0

  func increment() { lock.withLock { count += 1 } }

  var value: Int { lock.withLock { count } }
}
