#if canImport(SwiftUI)
  import ReactorFlowSwiftUI

  /// The text-field app's navigation as a flow: the text field in a navigation stack, the settings screen
  /// pushed over it. Its screens are SwiftUI views in ``HostingScreen``s, so the same flow is
  /// shown by ``FlowView`` in SwiftUI, or rendered by the headless tree in tests.
  public final class TextFieldFlow: Flow {
    /// The flow's navigation stack: the headless tree's (`NavigationStack` alone is SwiftUI's
    /// in a file that imports only ReactorFlowSwiftUI).
    public let navigation = ReactorFlowHeadless.NavigationStack(title: "TextField")

    /// The navigation stack.
    public var root: Presentable { navigation }

    /// A flow with an empty stack.
    public init() {}

    /// Pushes the screen `step` asks for.
    public func navigate(to step: Step) -> FlowContributors {
      switch step as? TextFieldStep {
      case .textFieldIsRequired:
        let reactor = TextFieldReactor()
        let screen = HostingScreen(TextFieldView(reactor: reactor), title: "TextField")
        navigation.pushViewController(screen)
        return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: reactor))
      case .settingsAreRequired:
        navigation.pushViewController(HostingScreen(Text("Settings"), title: "Settings"))
        return .none
      case nil:
        return .none
      }
    }
  }

  /// The app: the flow's window shown by the SwiftUI container.
  public struct TextFieldAppView: View {
    let window: Window

    /// The container for `window`, whose tree `TextFieldFlow` drives.
    public init(window: Window) { self.window = window }

    /// The window's tree.
    public var body: some View {
      FlowView(window: window)
    }
  }
#endif
