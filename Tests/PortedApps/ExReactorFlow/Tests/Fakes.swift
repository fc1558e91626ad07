import Foundation
import ReactorFlow
import ReactorFlowHeadless

/// User defaults of a test's own: a suite no other test writes, emptied when the test is done.
final class ScratchDefaults {
  let suiteName = "ExReactorFlowPortTests.\(UUID().uuidString)"
  let defaults: UserDefaults

  init() {
    defaults = UserDefaults(suiteName: suiteName)!
  }

  deinit {
    defaults.removePersistentDomain(forName: suiteName)
  }
}

/// The screen the user sees: the top of the window's tree.
@MainActor func topScreen(_ window: Window) -> Screen? {
  window.topScreen
}

/// GitHub's search, answered from canned pages: each URL's answer is the repositories' names,
/// `nil` for a request that never ends (until cancelled), or an HTTP status code that fails.
final class FakeGitHub: @unchecked Sendable {
  enum Answer {
    case repos([String])
    case status(Int)
    case never
  }

  private let lock = NSLock()
  private var answers: [String: Answer] = [:]
  private var requested: [String] = []

  /// The URLs asked for, in order.
  var requestedURLs: [String] { lock.withLock { requested } }

  func answer(_ url: String, with answer: Answer) {
    lock.withLock { answers[url] = answer }
  }

  func load(_ url: URL) async throws -> Data {
    let answer = lock.withLock {
      requested.append(url.absoluteString)
      return answers[url.absoluteString] ?? .repos([])
    }
    switch answer {
    case .repos(let names):
      let items = names.map { ["full_name": $0] }
      return try JSONSerialization.data(withJSONObject: ["items": items])
    case .status(let code):
      throw GitHubSearchError.httpRequestFailed(statusCode: code)
    case .never:
      while !Task.isCancelled { await Task.yield() }
      throw CancellationError()
    }
  }
}

/// The search URL of a query's page.
func searchURL(_ query: String, page: Int) -> String {
  "https://api.github.com/search/repositories?q=\(query)&page=\(page)"
}
