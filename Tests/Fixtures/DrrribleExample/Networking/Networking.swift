import Foundation

// The app sends its requests with Moya (`Networking<DribbbleAPI>`, `Networking<AppStoreAPI>`) and
// decodes them in the services. The port keeps the endpoints and the models and leaves the
// transport out: each endpoint is an async call of a protocol the app (URLSession) or a test
// (canned values) implements. `Sendable`: a service holds it and calls it off the main actor.

/// Dribbble's endpoints (the app's `DribbbleAPI` target).
protocol DrrribleNetworking: Sendable {
  func me() async throws -> User
  /// The first page (`url == nil`) or the page at `url` (the `Link` header's next URL).
  func shots(url: URL?) async throws -> List<Shot>
  func shot(id: Int) async throws -> Shot
  /// Throws when the user has not liked the shot (Dribbble answers 404).
  func isLikedShot(id: Int) async throws
  func likeShot(id: Int) async throws
  func unlikeShot(id: Int) async throws
  /// OAuth: exchanges the code of the redirect for an access token.
  func accessToken(code: String) async throws -> AccessToken
}

/// The App Store's lookup endpoint (the app's `AppStoreAPI` target): the JSON of the lookup.
protocol AppStoreNetworking: Sendable {
  func lookup(bundleID: String) async throws -> [String: any Sendable]
}
