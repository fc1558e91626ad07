// A stand-in for the few Darwin declarations ReactorFlow uses, with the signatures Swift imports
// them with on Apple platforms, so that the `canImport(Darwin)` branches are type-checked by
// scripts/check-apple.sh. It is not the real Darwin: a wrong signature here is not caught.

/// `os_unfair_lock` (macOS 10.12, iOS 10).
@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public struct os_unfair_lock {
  public var _os_unfair_lock_opaque: UInt32
  public init() { _os_unfair_lock_opaque = 0 }
}

@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public func os_unfair_lock_lock(_ lock: UnsafeMutablePointer<os_unfair_lock>) {}

@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public func os_unfair_lock_unlock(_ lock: UnsafeMutablePointer<os_unfair_lock>) {}

@available(macOS 10.12, iOS 10.0, tvOS 10.0, watchOS 3.0, *)
public func os_unfair_lock_trylock(_ lock: UnsafeMutablePointer<os_unfair_lock>) -> Bool { false }

public func write(_ fd: Int32, _ buffer: UnsafeRawPointer!, _ count: Int) -> Int { 0 }
