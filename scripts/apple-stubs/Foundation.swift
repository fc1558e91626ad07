// A stand-in for the part of Foundation (and CoreGraphics) the UIKit stand-in and the adapter
// use, for scripts/check-apple.sh. It is not the real Foundation: a wrong signature here is not
// caught, and nothing that uses more of Foundation can be checked with it.
@_exported import Darwin
@_exported import Dispatch
@_exported import ObjectiveC

public protocol NSLocking {
  func lock()
  func unlock()
}

open class NSLock: NSObject, NSLocking, @unchecked Sendable {
  public override init() {}
  open func lock() {}
  open func unlock() {}
  open func `try`() -> Bool { true }
}

open class Bundle: NSObject, @unchecked Sendable {
  public static let main = Bundle()
}

public typealias CGFloat = Double

public struct CGPoint: Sendable, Equatable {
  public var x: CGFloat
  public var y: CGFloat
  public init(x: CGFloat, y: CGFloat) {
    self.x = x
    self.y = y
  }
  public static let zero = CGPoint(x: 0, y: 0)
}

public struct CGSize: Sendable, Equatable {
  public var width: CGFloat
  public var height: CGFloat
  public init(width: CGFloat, height: CGFloat) {
    self.width = width
    self.height = height
  }
  public static let zero = CGSize(width: 0, height: 0)
}

public struct CGRect: Sendable, Equatable {
  public var origin: CGPoint
  public var size: CGSize
  public init(origin: CGPoint, size: CGSize) {
    self.origin = origin
    self.size = size
  }
  public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
    self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
  }
  public static let zero = CGRect(origin: .zero, size: .zero)
}
