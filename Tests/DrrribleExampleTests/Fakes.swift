import Foundation
import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import DrrribleExample

/// Dribbble and the App Store, answered by the test: each endpoint returns what the test set, at
/// once, or — for the shot list when `holdsShots` is set — when the test resumes it. A request
/// still held when the test is done is cancelled (`cancelHeldShots()`): left suspended, its task
/// and everything it holds would never be released.
@MainActor final class FakeNetworking: DrrribleNetworking, AppStoreNetworking {
  struct Failure: Error {}

  var user: User? = .fixture()
  var pages: [URL?: List<Shot>] = [:]
  var holdsShots = false
  private(set) var heldShots: [(url: URL?, continuation: CheckedContinuation<List<Shot>, any Error>)] = []
  /// The URLs of every shot-list request, held or not, in order (`nil`: the first page).
  private(set) var shotRequests: [URL?] = []
  var likedShotIDs: Set<Int> = []
  var failsLikes = false
  private(set) var likeRequests: [Int] = []
  var latestVersion: String? = "2.0.0"
  private(set) var requestedCodes: [String] = []

  func me() async throws -> User {
    guard let user else { throw Failure() }
    return user
  }

  func shots(url: URL?) async throws -> List<Shot> {
    shotRequests.append(url)
    if holdsShots {
      return try await withCheckedThrowingContinuation { heldShots.append((url, $0)) }
    }
    return pages[url] ?? List(items: [])
  }

  /// Answers the oldest held shot-list request with its page.
  func resumeShots() {
    let (url, continuation) = heldShots.removeFirst()
    continuation.resume(returning: pages[url] ?? List(items: []))
  }

  /// Fails every held shot-list request with `CancellationError`, so that their tasks end.
  func cancelHeldShots() {
    let held = heldShots
    heldShots = []
    for (_, continuation) in held { continuation.resume(throwing: CancellationError()) }
  }

  func shot(id: Int) async throws -> Shot { .fixture(id: id) }

  func isLikedShot(id: Int) async throws {
    guard likedShotIDs.contains(id) else { throw Failure() }
  }

  func likeShot(id: Int) async throws {
    likeRequests.append(id)
    if failsLikes { throw Failure() }
    likedShotIDs.insert(id)
  }

  func unlikeShot(id: Int) async throws {
    if failsLikes { throw Failure() }
    likedShotIDs.remove(id)
  }

  func accessToken(code: String) async throws -> AccessToken {
    requestedCodes.append(code)
    return AccessToken(accessToken: "token-\(code)", tokenType: "bearer", scope: "public")
  }

  func lookup(bundleID: String) async throws -> [String: any Sendable] {
    guard let latestVersion else { return ["results": [[String: any Sendable]]()] }
    return ["results": [["version": latestVersion] as [String: any Sendable]]]
  }
}

extension User {
  static func fixture(name: String = "devxoul") -> User {
    User(
      id: 1, name: name, avatarURL: nil, bio: nil, isPro: true, shotCount: 10, followerCount: 20,
      followingCount: 30)
  }
}

extension Shot {
  static func fixture(id: Int, title: String? = nil, isLiked: Bool? = false, likeCount: Int = 5) -> Shot {
    let image = URL(string: "https://cdn.dribbble.com/\(id).png")!
    return Shot(
      id: id, title: title ?? "Shot \(id)", text: nil, user: .fixture(),
      imageURLs: ShotImageURLs(hidpi: nil, normal: image, teaser: image), imageWidth: 400,
      imageHeight: 300, isAnimatedImage: false, viewCount: 100, likeCount: likeCount,
      commentCount: 0, createdAt: Date(timeIntervalSince1970: 0), isLiked: isLiked)
  }
}

/// The two pages of shots the tests list: the first links to the second, which is the last.
@MainActor func twoPages(_ networking: FakeNetworking) -> URL {
  let next = URL(string: "https://api.dribbble.com/v1/shots?page=2")!
  networking.pages[nil] = List(items: [.fixture(id: 1), .fixture(id: 2)], nextURL: next)
  networking.pages[next] = List(items: [.fixture(id: 3)], nextURL: nil)
  return next
}

/// The screen on top of the window: the presented one if any, else the selected tab's top screen.
@MainActor func topScreen(_ window: Window) -> Screen? {
  guard var screen = window.rootViewController else { return nil }
  while true {
    if let presented = screen.presentedViewController {
      screen = presented
    } else if let stack = screen as? NavigationStack, let top = stack.topViewController {
      screen = top
    } else if let tabs = screen as? TabBar, let selected = tabs.selectedViewController {
      screen = selected
    } else {
      return screen
    }
  }
}

/// Runs `body` with the app the composition root builds over `networking`, then releases it:
/// the shot requests still held are cancelled and the screen switches' cycle is ended, and the
/// app's auth service, navigator and analytics must then be released (the suites' leak check
/// covers its window, screens and reactors, not these).
@MainActor func withApp(
  _ networking: FakeNetworking, keychain: Keychain = Keychain(service: "com.drrrible.ios"),
  fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
  column: UInt = #column,
  _ body: (AppDependency) async throws -> Void
) async rethrows {
  let leaks = LeakTracker()
  do {
    let app = CompositionRoot.resolve(
      networking: networking, appStoreNetworking: networking, keychain: keychain)
    leaks.track(app.authService, "AuthService")
    leaks.track(app.navigator, "Navigator")
    leaks.track(app.analytics, "DrrribleAnalytics")
    defer {
      networking.cancelHeldShots()
      app.releaseScreenSwitches()
    }
    try await body(app)
  }
  await leaks.expectAllReleased(fileID: fileID, filePath: filePath, line: line, column: column)
}
