/// Signs a user in: a network call in the app, a fake in the tests.
protocol AuthService: Sendable {
  func signIn(email: String, password: String) async throws
}

/// What an ``AuthService`` throws when the email or the password is wrong.
struct SignInError: Error {}
