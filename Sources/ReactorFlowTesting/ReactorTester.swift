import CustomDump
import ReactorFlow

/// Tests a reactor step by step: send an action, state the exact change; await each mutation
/// that asynchronous work produces, and state its change too.
///
/// ```swift
/// @MainActor @Test func typing() async {
///   let tester = ReactorTester(TextFieldViewReactor())
///   tester.send(.inputField("abc")) {
///     $0.capitalizedString = "ABC"
///     $0.lengthOfString = 3
///   }
///   await tester.finish()
/// }
/// ```
///
/// Exhaustive by default (see ``Exhaustivity``): a change the test did not state, a mutation it
/// did not ``receive(timeout:assert:fileID:filePath:line:column:)``, or work still running at
/// ``finish(timeout:fileID:filePath:line:column:)`` fails the test with a message that says how to
/// fix it.
///
/// Its failures go to the test framework running the test, XCTest or Swift Testing, at the line
/// of the call that failed (`send`, `receive`, `finish`).
@MainActor
public final class ReactorTester<R: Reactor> {
  /// The reactor under test.
  public let reactor: R
  /// How strictly unasserted changes are checked.
  public var exhaustivity: Exhaustivity

  /// The state after the last asserted step: the base of the next expected change.
  private var asserted: R.State
  /// Mutations from asynchronous work, with the state each one left, not yet received.
  private var pending: [(mutation: R.Mutation, state: R.State)] = []
  private var isSending = false
  private var waiter: CheckedContinuation<Void, Never>?
  private var subscription: AnyDisposable?

  /// Starts testing `reactor`.
  public init(_ reactor: R, exhaustivity: Exhaustivity = .on) {
    self.reactor = reactor
    self.exhaustivity = exhaustivity
    self.asserted = reactor.currentState
    subscription = reactor.store.observeMutations { [weak self] mutation in
      self?.record(mutation)
    }
  }

  deinit {
    subscription?.dispose()
  }

  private func record(_ mutation: R.Mutation) {
    guard !isSending else { return }
    pending.append((mutation, reactor.currentState))
    waiter?.resume()
    waiter = nil
  }

  /// Sends `action` and checks the state it leaves, synchronously: `update` mutates the state
  /// before the action into the one expected after it. Omit `update` when the state must not
  /// change.
  public func send(
    _ action: R.Action,
    assert update: ((inout R.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) {
    if exhaustivity == .on, !pending.isEmpty {
      reportFailure(
        """
        Sent \(describe(action)) while \(pending.count) mutation(s) from asynchronous work were \
        not received: \(pending.map { describe($0.mutation) }.joined(separator: ", ")).

        Receive them first with `await tester.receive { … }`, or use `exhaustivity: .off`.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    isSending = true
    reactor.send(action, fileID: fileID, line: line)
    isSending = false
    check(
      update, against: reactor.currentState, after: "sending \(describe(action))", fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Waits for the next mutation produced by asynchronous work and checks the state it left.
  ///
  /// Drive time with the clock the reactor's effects use (a `TestClock`) before receiving. The
  /// wait ends when the mutation is reduced, however busy the machine is; if none arrives within
  /// `timeout` — a hang guard, not a measure (see ``HangGuard``) — the test fails.
  public func receive(
    timeout: Duration = HangGuard.timeout,
    assert update: ((inout R.State) throws -> Void)? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
    column: UInt = #column
  ) async {
    if pending.isEmpty {
      await waitForMutation(timeout: timeout)
    }
    guard !pending.isEmpty else {
      reportFailure(
        """
        Expected a mutation from asynchronous work, but none arrived within \(timeout) (the hang \
        guard); \(reactor.store.tasksInFlight) task(s) of \(R.self) were in flight.

        Advance the clock the effect sleeps on, open what it waits for, or remove this receive.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
      return
    }
    let (mutation, state) = pending.removeFirst()
    check(
      update, against: state, after: "receiving \(describe(mutation))", fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Ends the test: in exhaustive mode, fails if mutations were not received or asynchronous
  /// work is still running.
  ///
  /// Work that is finishing is waited for (it ends when its last task does, however busy the
  /// machine is); only work still running after `timeout` — a hang guard, not a measure (see
  /// ``HangGuard``) — fails the test, as does every mutation it produced meanwhile and the test
  /// did not receive.
  public func finish(
    timeout: Duration = HangGuard.timeout, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
    line: UInt = #line, column: UInt = #column
  ) async {
    guard exhaustivity == .on else { return }
    let store = reactor.store
    _ = await waitUntil(timeout: timeout) { store.tasksInFlight == 0 }
    if !pending.isEmpty {
      reportFailure(
        """
        \(pending.count) mutation(s) from asynchronous work were not received: \
        \(pending.map { describe($0.mutation) }.joined(separator: ", ")).

        Receive each with `await tester.receive { … }`, or use `exhaustivity: .off`.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    let inFlight = reactor.store.tasksInFlight
    if inFlight > 0 {
      reportFailure(
        """
        \(inFlight) asynchronous task(s) of \(R.self) are still running at the end of the test \
        (waited \(timeout) for them, the hang guard).

        Let them finish (advance the clock, open what they wait for) and receive their \
        mutations, cancel them with an action, or use `exhaustivity: .off`.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  // MARK: - Checking

  private func check(
    _ update: ((inout R.State) throws -> Void)?, against actual: R.State, after step: String,
    fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    var expected = asserted
    if let update {
      do {
        try update(&expected)
      } catch {
        reportFailure(
          error, "The assertion closure threw.", fileID: fileID, filePath: filePath, line: line,
          column: column)
      }
    }
    defer { asserted = actual }
    if update == nil, exhaustivity == .off { return }
    guard !isEqual(expected, actual) else { return }
    if update == nil {
      reportFailure(
        """
        The state changed after \(step), but the test stated no change. (− before, + after)

        \(difference(expected, actual))

        State the change with a trailing closure: `{ $0.field = value }`.
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    } else {
      reportFailure(
        """
        The state after \(step) is not the expected one. (− expected, + actual)

        \(difference(expected, actual))
        """, fileID: fileID, filePath: filePath, line: line, column: column)
    }
  }

  private func waitForMutation(timeout: Duration) async {
    let timer = Task { [weak self] in
      // Cancelled once the mutation came: it must not wake a later wait.
      guard (try? await Task.sleep(for: timeout)) != nil else { return }
      await MainActor.run { self?.resumeWaiter() }
    }
    // A cancelled test (its time limit passed) stops waiting, and fails on the missing mutation.
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        waiter = continuation
      }
    } onCancel: {
      Task { @MainActor [weak self] in self?.resumeWaiter() }
    }
    timer.cancel()
  }

  private func resumeWaiter() {
    waiter?.resume()
    waiter = nil
  }

  private func describe(_ value: Any) -> String {
    var text = ""
    customDump(value, to: &text, maxDepth: 2)
    return text.count > 120 ? String(text.prefix(117)) + "…" : text
  }
}
