@testable import Notes

/// Signs in with one password, at once: the tests never wait for a network.
struct FakeAuthService: AuthService {
  var password = "secret"

  func signIn(email: String, password: String) async throws {
    guard password == self.password else { throw SignInError() }
  }
}
