// `import ReactorFlowSwiftUI` gives ReactorFlow, the headless screen tree (what flows navigate
// and `FlowView` shows) and, where it exists, SwiftUI.
@_exported import ReactorFlow
@_exported import ReactorFlowHeadless

#if canImport(SwiftUI)
  @_exported import SwiftUI

  // SwiftUI and ReactorFlow both declare `View` (SwiftUI's view; ReactorFlow's UIKit-style
  // `bind(reactor:)` protocol) and `Stepper` (SwiftUI's control; ReactorFlow's step emitter);
  // SwiftUI and ReactorFlowHeadless both declare `NavigationStack` and `Window`. This module
  // imports them all, so its declarations shadow theirs in a file that imports only it: there,
  // `View` and `NavigationStack` are SwiftUI's, `Stepper` is ReactorFlow's and `Window` the
  // headless tree's, with no ambiguity. Spell the others `ReactorFlow.View`, `SwiftUI.Stepper`,
  // `ReactorFlowHeadless.NavigationStack` and `SwiftUI.Window`. (A module the file imports
  // itself is not shadowed: see the article "Using ReactorFlow in SwiftUI".)

  /// SwiftUI's `View` (ReactorFlow's view-binding protocol is `ReactorFlow.View`).
  public typealias View = SwiftUI.View

  /// ReactorFlow's `Stepper`, the step emitter (SwiftUI's control is `SwiftUI.Stepper`).
  public typealias Stepper = ReactorFlow.Stepper

  /// SwiftUI's `NavigationStack` (the headless tree's is `ReactorFlowHeadless.NavigationStack`).
  @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, *)
  public typealias NavigationStack<Data, Root: SwiftUI.View> = SwiftUI.NavigationStack<Data, Root>

  /// The headless tree's window, which flows navigate and ``FlowView`` shows (SwiftUI's scene is
  /// `SwiftUI.Window`).
  public typealias Window = ReactorFlowHeadless.Window
#endif
