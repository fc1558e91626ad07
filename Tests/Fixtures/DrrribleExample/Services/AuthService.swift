import Foundation
import ReactorFlow
import ReactorFlowHeadless

@MainActor
protocol AuthServiceType {
  var currentAccessToken: AccessToken? { get }

  /// Starts the OAuth authorization: shows Dribbble's sign-in page and returns once the access
  /// token the redirect leads to is saved.
  func authorize() async throws

  /// Call this method when redirected from OAuth process to request access token.
  ///
  /// - parameter code: `code` from redirected url.
  func callback(code: String)

  func logout()
}

@MainActor
final class AuthService: AuthServiceType {

  fileprivate let clientID = "drrrible-port-client"

  fileprivate var currentViewController: Screen?
  fileprivate let callbackSubject = PublishRelay<String>()

  fileprivate let keychain: Keychain
  private(set) var currentAccessToken: AccessToken?

  private let navigator: Navigator
  private let networking: DrrribleNetworking

  init(
    navigator: Navigator, networking: DrrribleNetworking,
    keychain: Keychain = Keychain(service: "com.drrrible.ios")
  ) {
    self.navigator = navigator
    self.networking = networking
    self.keychain = keychain
    self.currentAccessToken = self.loadAccessToken()
  }

  func authorize() async throws {
    let parameters: [String: String] = [
      "client_id": self.clientID,
      "scope": "public+write+comment+upload",
    ]
    let parameterString = parameters.sorted { $0.key < $1.key }.map { "\($0)=\($1)" }.joined(separator: "&")
    let url = URL(string: "https://dribbble.com/oauth/authorize?\(parameterString)")!

    let safariViewController = SFSafariViewController(url: url)
    let navigationController = NavigationStack(rootViewController: safariViewController)
    self.navigator.present(navigationController)
    self.currentViewController = navigationController

    for await code in self.callbackSubject {
      let accessToken = try await self.accessToken(code: code)
      try self.saveAccessToken(accessToken)
      self.currentAccessToken = accessToken
      return
    }
    throw CancellationError()
  }

  func callback(code: String) {
    self.callbackSubject.accept(code)
    self.currentViewController?.dismiss(animated: true, completion: nil)
    self.currentViewController = nil
  }

  func logout() {
    self.currentAccessToken = nil
    self.deleteAccessToken()
  }

  fileprivate func accessToken(code: String) async throws -> AccessToken {
    return try await self.networking.accessToken(code: code)
  }

  fileprivate func saveAccessToken(_ accessToken: AccessToken) throws {
    try self.keychain.set(accessToken.accessToken, key: "access_token")
    try self.keychain.set(accessToken.tokenType, key: "token_type")
    try self.keychain.set(accessToken.scope, key: "scope")
  }

  fileprivate func loadAccessToken() -> AccessToken? {
    guard let accessToken = self.keychain["access_token"],
      let tokenType = self.keychain["token_type"],
      let scope = self.keychain["scope"]
    else { return nil }
    return AccessToken(accessToken: accessToken, tokenType: tokenType, scope: scope)
  }

  fileprivate func deleteAccessToken() {
    try? self.keychain.remove("access_token")
    try? self.keychain.remove("token_type")
    try? self.keychain.remove("scope")
  }

}
