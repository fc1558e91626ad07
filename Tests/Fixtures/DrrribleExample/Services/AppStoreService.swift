import Foundation

protocol AppStoreServiceType: Sendable {
  func latestVersion() async throws -> String?
}

final class AppStoreService: AppStoreServiceType {
  fileprivate let networking: AppStoreNetworking
  fileprivate let bundleIdentifier: String?

  init(networking: AppStoreNetworking, bundleIdentifier: String? = Bundle.main.bundleIdentifier) {
    self.networking = networking
    self.bundleIdentifier = bundleIdentifier
  }

  func latestVersion() async throws -> String? {
    guard let bundleID = self.bundleIdentifier else { return nil }
    let json = try await self.networking.lookup(bundleID: bundleID)
    let version = (json["results"] as? [[String: any Sendable]])
      .flatMap { $0.first }
      .flatMap { $0["version"] as? String }
    return version
  }
}
