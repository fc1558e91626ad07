// A stand-in for the part of Dispatch ReactorFlow uses, with Apple's signatures and availability,
// for scripts/check-apple.sh. It is not the real Dispatch: a wrong signature here is not caught.

public final class DispatchSpecificKey<T> {
  public init() {}
}

public struct DispatchTime: Sendable {
  public static func now() -> DispatchTime { DispatchTime() }
  public static func + (time: DispatchTime, seconds: Double) -> DispatchTime { time }
}

open class DispatchObject: @unchecked Sendable {}

public final class DispatchQueue: DispatchObject, @unchecked Sendable {
  public static let main = DispatchQueue()
  public func setSpecific<T>(key: DispatchSpecificKey<T>, value: T?) {}
  public func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }
  public static func getSpecific<T>(key: DispatchSpecificKey<T>) -> T? { nil }
  public func async(execute work: @escaping @Sendable @convention(block) () -> Void) {}
  public func asyncAfter(
    deadline: DispatchTime, execute work: @escaping @Sendable @convention(block) () -> Void
  ) {}
  public func sync<T>(execute work: () throws -> T) rethrows -> T { try work() }
}
