#if canImport(SwiftUI)
  import ReactorFlowSwiftUI

  /// The text-field screen as a SwiftUI view: the text field sends `.inputField` on each
  /// change, the labels show the uppercased text and its length, a digit shows the alert once
  /// per pulse, and the button asks the flow for the settings screen.
  ///
  /// Each label is invalidated only by its own field (`reactor[\.capitalizedString]`).
  public struct TextFieldView: View {
    let reactor: TextFieldReactor

    /// The screen for `reactor` (the flow makes the reactor and contributes it as the stepper).
    public init(reactor: TextFieldReactor) {
      self.reactor = reactor
    }

    /// The original app's layout: a text field, two labels, a settings button.
    public var body: some View {
      VStack(spacing: 16) {
        TextField("Lowercase letters", text: reactor.binding(\.text) { .inputField($0) })
        Text(reactor[\.capitalizedString] ?? "")
        Text(reactor[\.lengthOfString].map(String.init) ?? "")
        Button("Settings") { reactor.send(.didTapSettingButton) }
      }
      .alert("Input", reactor: reactor, pulse: \.$alertMessage) { _ in
        Button("OK") {}
      } message: { message in
        Text(message)
      }
    }
  }

  /// The same screen owning its reactor (a view not shown by a flow).
  public struct StandaloneTextFieldView: View {
    @OwnedReactor var reactor = TextFieldReactor()

    /// A screen with a reactor of its own, made once for the view's lifetime.
    public init() {}

    /// The text-field screen.
    public var body: some View {
      TextFieldView(reactor: reactor)
    }
  }
#endif
