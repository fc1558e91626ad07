import Foundation
import ReactorFlow

/// Why a payload could not be turned back into a value.
public enum JournalPayloadError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The recorded value's type is not `Codable`: the journal kept its description only.
  case notCodable(type: String)
  /// The payload holds another type than the one asked for.
  case typeMismatch(recorded: String, requested: String)
  /// The encoded form did not decode as the type asked for (the decoder's reason).
  case cannotDecode(type: String, reason: String)

  /// What went wrong and how to fix it.
  public var description: String {
    let quoted = ReactorFlowDiagnostics.escaped
    switch self {
    case .notCodable(let type):
      return """
        The journal kept only the description of a \(quoted(type)): make \(quoted(type)) conform to \
        Codable so that its values can be replayed.
        """
    case .typeMismatch(let recorded, let requested):
      return """
        The journal recorded a \(quoted(recorded)), not a \(quoted(requested)): decode the payload as \
        the recorded type.
        """
    case .cannotDecode(let type, let reason):
      return """
        The recorded value does not decode as a \(quoted(type)) (\(quoted(reason))): the type changed \
        since the journal was recorded. Record the session again.
        """
    }
  }
}

extension JournalPayload {
  /// The value as a `T`: the recorded value itself, or its encoded form decoded.
  public func decoded<T: Decodable>(as type: T.Type = T.self) throws(JournalPayloadError) -> T {
    if let value {
      guard let typed = value as? T else {
        throw .typeMismatch(recorded: typeName, requested: String(reflecting: T.self))
      }
      return typed
    }
    guard let json else { throw .notCodable(type: typeName) }
    do {
      return try JSONDecoder().decode(T.self, from: Data(json.utf8))
    } catch {
      throw .cannotDecode(type: String(reflecting: T.self), reason: String(describing: error))
    }
  }
}
