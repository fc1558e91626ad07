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

  func signIn(email: String, password: String) async throws -> User {
    try await clock.sleep(for: latency)
    guard email.lowercased() == Self.demoEmail else { throw AuthError.unknownAccount(email) }
    guard password == Self.demoPassword else { throw AuthError.wrongPassword }
    return User(email: Self.demoEmail, name: "Demo")
  }

  /// "Sends" a reset link; returns what the screen should say.
  func sendPasswordReset(to email: String) async throws -> String {
    try await clock.sleep(for: latency)
    guard email.lowercased() == Self.demoEmail else { throw AuthError.unknownAccount(email) }
    return "The demo password is \(Self.demoPassword) (no mail is sent in the demo)."
  }
}
