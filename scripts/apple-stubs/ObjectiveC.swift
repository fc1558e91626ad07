// A stand-in for the part of Apple's ObjectiveC module the UIKit adapter uses (the runtime
// functions that wrap `viewDidLoad`, `Selector`, `NSObject`), with the signatures Swift imports
// them with on Apple platforms, for scripts/check-apple.sh. It is not the real module: a wrong
// signature here is not caught. It is written in Swift, so its root class is a Swift one: the
// modules compiled against it pass -disable-objc-attr-requires-foundation-module, which lets
// `@objc` classes descend from it (on an Apple platform NSObject comes from Objective-C).

/// `SEL`. The compiler's `#selector` produces this type (it looks for it in this module).
public struct Selector: ExpressibleByStringLiteral, Hashable, Sendable {
  private let name: String
  /// `sel_registerName(name)`.
  public init(_ str: String) { name = str }
  /// `sel_registerName(value)`.
  public init(stringLiteral value: String) { name = value }
}

/// `Method` (`struct objc_method *`).
public typealias Method = OpaquePointer
/// `IMP`, as Swift imports it when `OBJC_OLD_DISPATCH_PROTOTYPES` is 0.
public typealias IMP = OpaquePointer

/// `NSObjectProtocol` (the part used).
public protocol NSObjectProtocol: AnyObject {
  /// `-isEqual:`.
  func isEqual(_ object: Any?) -> Bool
  /// `-hash`.
  var hash: Int { get }
  /// `-performSelector:`.
  func perform(_ aSelector: Selector!) -> Unmanaged<AnyObject>!
  /// `-description`.
  var description: String { get }
}

/// `NSObject`, the root class (an Objective-C class: its subclasses' `@objc` members are
/// Objective-C methods).
@objc open class NSObject: NSObjectProtocol, Hashable {
  public init() {}
  open var hash: Int { ObjectIdentifier(self).hashValue }
  open func isEqual(_ object: Any?) -> Bool { (object as AnyObject?) === self }
  open var description: String { "\(type(of: self))" }
  @discardableResult
  open func perform(_ aSelector: Selector!) -> Unmanaged<AnyObject>! { nil }
  public static func == (lhs: NSObject, rhs: NSObject) -> Bool { lhs.isEqual(rhs) }
  public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// `Method class_getInstanceMethod(Class cls, SEL name)`.
@discardableResult
public func class_getInstanceMethod(_ cls: AnyClass?, _ name: Selector) -> Method? { nil }

/// `Class class_getSuperclass(Class cls)`.
@discardableResult
public func class_getSuperclass(_ cls: AnyClass?) -> AnyClass? { nil }

/// `const char *class_getName(Class cls)`.
@discardableResult
public func class_getName(_ cls: AnyClass?) -> UnsafePointer<CChar> { fatalError() }

/// `BOOL class_addMethod(Class cls, SEL name, IMP imp, const char *types)`.
@discardableResult
public func class_addMethod(_ cls: AnyClass?, _ name: Selector, _ imp: IMP, _ types: UnsafePointer<CChar>?)
  -> Bool
{ false }

/// `IMP method_getImplementation(Method m)`.
@discardableResult
public func method_getImplementation(_ m: Method) -> IMP { m }

/// `IMP method_setImplementation(Method m, IMP imp)`.
@discardableResult
public func method_setImplementation(_ m: Method, _ imp: IMP) -> IMP { imp }

/// `const char *method_getTypeEncoding(Method m)`.
@discardableResult
public func method_getTypeEncoding(_ m: Method) -> UnsafePointer<CChar>? { nil }

/// `IMP imp_implementationWithBlock(id block)`.
@discardableResult
public func imp_implementationWithBlock(_ block: Any) -> IMP { fatalError() }

/// `Class object_getClass(id obj)`.
@discardableResult
public func object_getClass(_ obj: Any?) -> AnyClass? { nil }
