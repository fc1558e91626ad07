import ReactorFlow
import Testing

/// A trait that fails a test if a reactor, flow, stepper, coordinator, window or screen it created
/// is still alive when it ends.
///
/// Put it on a suite and every test in it is checked:
///
/// ```swift
/// @Suite(.checksLeaks)
/// struct SignInTests { … }
/// ```
///
/// It binds a `LiveObjects` (ReactorFlow) recorder around each test, so ReactorFlow records what
/// the test creates (including in the tasks it starts). After the test, it lets tasks that are
/// finishing run (a bounded number of `Task.yield()`s, no sleeping), then records an issue naming
/// everything still alive.
public struct LeakCheckTrait: TestTrait, SuiteTrait, TestScoping {
  /// Creates the trait; spelled `.checksLeaks` in a `@Suite` or `@Test`.
  public init() {}

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
    var alive = recorder.alive
    var turns = 0
    while !alive.isEmpty, turns < 10_000 {
      await Task.yield()
      turns += 1
      alive = recorder.alive
    }
    guard !alive.isEmpty else { return }
    Issue.record(
      """
      \(alive.count) object(s) created by this test are still alive after it ended: \
      \(alive.joined(separator: ", ")).

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
}
