#if canImport(SwiftUI)
  import ReactorFlow
  import ReactorFlowHeadless
  import SwiftUI

  /// A screen of the headless tree whose content is a SwiftUI view — what a flow contributes to
  /// be shown by ``FlowView`` (as it contributes a `UIHostingController` to a UIKit window).
  ///
  /// ```swift
  /// final class TextFieldFlow: Flow {
  ///   // `NavigationStack` alone is SwiftUI's here: the headless tree's is named with its module.
  ///   let navigation = ReactorFlowHeadless.NavigationStack(title: "Demo")
  ///   var root: Presentable { navigation }
  ///
  ///   func navigate(to step: Step) -> FlowContributors {
  ///     guard case .textFieldIsRequired = step as? AppStep else { return .none }
  ///     let reactor = TextFieldViewReactor()
  ///     let screen = HostingScreen(TextFieldView(reactor: reactor), title: "TextField")
  ///     navigation.pushViewController(screen)
  ///     return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
  ///   }
  /// }
  /// ```
  ///
  /// It is a `Screen`: visible, dismissed and released by the same rules.
  @MainActor
  open class HostingScreen: Screen {
    /// The view shown.
    public let rootView: AnyView

    /// A screen showing `rootView`.
    public init<Content: View>(_ rootView: Content, title: String = "") {
      self.rootView = AnyView(rootView)
      super.init(title: title)
    }
  }
#endif
