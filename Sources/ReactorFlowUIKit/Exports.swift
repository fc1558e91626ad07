// `import ReactorFlowUIKit` gives ReactorFlow and UIKit. Where UIKit does not exist (macOS,
// Linux) the adapter is empty: every other file of this module is `#if canImport(UIKit)`.
@_exported import ReactorFlow

#if canImport(UIKit)
  @_exported import UIKit
#endif
