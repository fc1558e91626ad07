// `import ReactorFlowUIKit` gives ReactorFlow and UIKit — or, where UIKit does not exist (Linux,
// macOS), UIKitStandIn, the test fixture the adapter is compiled and tested against there.
@_exported import ReactorFlow

#if canImport(UIKit)
  @_exported import UIKit
#else
  @_exported import UIKitStandIn
#endif
