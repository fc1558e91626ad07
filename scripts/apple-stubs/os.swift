// A stand-in for the part of the os module ReactorFlow uses (`Logger`), with Apple's signatures
// and availability, for scripts/check-apple.sh. It is not the real os module: a wrong signature
// here is not caught, and the log message's compile-time checks (a literal privacy) are not made.

@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public struct OSLogType: Equatable, RawRepresentable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  public static let `default` = OSLogType(rawValue: 0)
  public static let info = OSLogType(rawValue: 1)
  public static let debug = OSLogType(rawValue: 2)
  public static let error = OSLogType(rawValue: 16)
  public static let fault = OSLogType(rawValue: 17)
}

@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct OSLogPrivacy: Sendable {
  public static let `public` = OSLogPrivacy()
  public static let `private` = OSLogPrivacy()
}

@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct OSLogInterpolation: StringInterpolationProtocol {
  public init(literalCapacity: Int, interpolationCount: Int) {}
  public mutating func appendLiteral(_ literal: String) {}
  public mutating func appendInterpolation(
    _ value: @autoclosure @escaping () -> String, privacy: OSLogPrivacy
  ) {}
}

@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {
  public init(stringInterpolation: OSLogInterpolation) {}
  public init(stringLiteral value: String) {}
}

@available(macOS 11.0, iOS 14.0, tvOS 14.0, watchOS 7.0, *)
public struct Logger: @unchecked Sendable {
  public init(subsystem: String, category: String) {}
  public func log(level: OSLogType, _ message: OSLogMessage) {}
  public func error(_ message: OSLogMessage) {}
}
