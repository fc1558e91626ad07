import Foundation
import ReactorFlow

extension JournalRecorder {
  /// Encodes as JSON, as they are recorded, the `Encodable` values the journal cannot keep as they
  /// are (the actions and mutations of reactors a coordinator records), so that they replay —
  /// as a journal file encodes the values it keeps (sorted keys).
  ///
  /// ```swift
  /// let recorder = JournalRecorder()
  /// recorder.encodesValuesAsRecorded()
  /// ```
  public func encodesValuesAsRecorded() {
    encodeDescribedValues { value in
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
      encoder.userInfo[.reactorFlowJournal] = true
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
  }
}
