import ReactorFlow
import Testing

/// A trait that fails a test if a reactor, flow, stepper, coordinator, window or screen it created
/// is still alive when it ends.
///
/// Put it on a suite and every test in it is checked:
///
/// ```swift
/// @Suite(.checksLeaks)
/// struct SignInTests {}
/// ```
///
/// It binds a `LiveObjects` (ReactorFlow) recorder around each test, so ReactorFlow records what
/// the test creates (including in the tasks it starts). After the test, it waits for those
/// objects to be released — letting the main actor and the tasks that are finishing run — and
/// returns as soon as the last one goes; only if some are still alive after `timeout` (a hang
/// guard, see ``HangGuard``) does it record an issue naming them. A busy machine delays the
/// releases; it does not fail the test.
///
/// It runs after the test, when the test's coordinator is gone too. To check that an ended flow
/// is released while its coordinator still runs, track it and call
/// ``LeakTracker/expectAllReleased(timeout:fileID:filePath:line:column:)`` (or
/// ``FlowTester/expectReleased(timeout:fileID:filePath:line:column:)``) right after ending it.
public struct LeakCheckTrait: TestTrait, SuiteTrait, TestScoping {
  /// How long the check waits for the objects to be released before it fails.
  public let timeout: Duration

  /// Creates the trait; spelled `.checksLeaks` in a `@Suite` or `@Test`.
  public init(timeout: Duration = HangGuard.timeout) {
    self.timeout = timeout
  }

  /// Applies to every test of a suite it is on.
  public var isRecursive: Bool { true }

  /// Provides the scope around each test case (not around a whole suite).
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    // Once per test case (each argument of a parameterized test), not around a whole suite.
    testCase == nil ? nil : self
  }

  /// Runs the test with a `LiveObjects` recorder bound, then checks what it recorded.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let recorder = LiveObjects()
    try await LiveObjects.$recorder.withValue(recorder) {
      try await function()
    }
    if await waitUntil(timeout: timeout, { recorder.alive.isEmpty }) { return }
    let alive = recorder.alive
    guard !alive.isEmpty else { return }
    Issue.record(
      """
      \(alive.count) object(s) created by this test are still alive after it ended (waited \
      \(timeout) for them to be released, the hang guard): \(alive.joined(separator: ", ")).

      Look for a strong reference cycle (a closure capturing `self` strongly, a delegate that is \
      not `weak`), a flow that never ends, a screen that was never dismissed, or an object kept \
      in a static or global.
      """,
      sourceLocation: test.sourceLocation)
  }
}

extension Trait where Self == LeakCheckTrait {
  /// Fails each test that leaves a reactor, flow, stepper, coordinator, window or screen alive.
  public static var checksLeaks: Self { LeakCheckTrait() }

  /// Like ``checksLeaks``, waiting up to `timeout` for the releases.
  public static func checksLeaks(timeout: Duration) -> Self { LeakCheckTrait(timeout: timeout) }
}
