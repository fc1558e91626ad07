// `import ReactorFlowSwiftUI` gives ReactorFlow and, where it exists, SwiftUI.
@_exported import ReactorFlow

#if canImport(SwiftUI)
  @_exported import SwiftUI

  // SwiftUI and ReactorFlow both declare `View` (SwiftUI's view; ReactorFlow's UIKit-style
  // `bind(reactor:)` protocol) and `Stepper` (SwiftUI's control; ReactorFlow's step emitter). This
  // module imports both, so its declarations shadow theirs in a file that imports it: there,
  // `View` is SwiftUI's and `Stepper` is ReactorFlow's, with no ambiguity. Spell the others
  // `ReactorFlow.View` and `SwiftUI.Stepper`.

  /// SwiftUI's `View` (ReactorFlow's view-binding protocol is `ReactorFlow.View`).
  public typealias View = SwiftUI.View

  /// ReactorFlow's ``ReactorFlow/Stepper`` (SwiftUI's control is `SwiftUI.Stepper`).
  public typealias Stepper = ReactorFlow.Stepper
#endif
