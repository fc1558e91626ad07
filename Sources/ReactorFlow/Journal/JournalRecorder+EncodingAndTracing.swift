/// What a recorder does with entries besides keeping them: encode the values it cannot keep as
/// they are, and print each entry as it is recorded.
extension JournalRecorder {
  /// Encodes with `encode`, as it is recorded, each `Encodable` value that the journal cannot
  /// keep as it is — an action or a mutation of a reactor whose types are not known to be
  /// `Sendable` (one a coordinator records: see ``FlowCoordinator/record(into:)``) — so that it
  /// replays; `nil` keeps their descriptions only (the default: encoding costs time while the
  /// app runs). `ReactorFlowJournal`'s `encodesValuesAsRecorded()` passes its JSON encoder.
  ///
  /// ```swift
  /// let recorder = JournalRecorder()
  /// recorder.encodeDescribedValues { value in "\(value)" }
  /// ```
  public func encodeDescribedValues(with encode: (@Sendable (any Encodable) throws -> String)?) {
    // The encoder replaced is the app's closure: returned, and destroyed after unlocking (what it
    // captured may record as it goes; the lock is not re-entrant).
    _ = state.withLock { state in
      let replaced = state.encoder
      state.encoder = encode
      return replaced
    }
  }

  /// `value`, as the encoder given to ``encodeDescribedValues(with:)`` encodes it; `nil` when
  /// there is none, `value` is not `Encodable` or encoding failed.
  func encodedNow<Value>(_ value: Value) -> String? {
    guard let encodable = value as? any Encodable, let encode = state.withLock({ $0.encoder }) else {
      return nil
    }
    return try? encode(encodable)
  }

  /// Has `tracer` print each entry recorded from now on, as it is recorded (replacing the tracer
  /// it had); `nil` stops tracing.
  ///
  /// ```swift
  /// let recorder = JournalRecorder(keepingLast: 1)  // a trace, not a journal
  /// recorder.trace(with: JournalTracer { line in print(line) })
  /// recorder.recordAction("refresh", from: JournalSource.app.appending("ListReactor"))
  /// // action      ListReactor/0  refresh
  /// ```
  public func trace(with tracer: JournalTracer?) {
    let box = tracer.map(TracerBox.init)
    // The tracer replaced holds the app's closure: returned, and destroyed after unlocking (what
    // it captured may record as it goes; the lock is not re-entrant).
    _ = state.withLock { state in
      let replaced = state.tracer
      state.tracer = box
      return replaced
    }
  }
}
