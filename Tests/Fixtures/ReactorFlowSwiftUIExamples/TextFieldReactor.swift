import ReactorFlow

// The text-field app's screen ("ReactorKit 뿌셔보기"): typing lowercase letters shows them
// uppercased with their count; a digit raises an alert (a `@Pulse`); the settings button asks
// the flow for the settings screen. The reactor is the original app's, ported; its view is a SwiftUI
// view (TextFieldView.swift) and its navigation a flow's step.

/// The steps of the text-field app's screens.
public enum TextFieldStep: Step, Equatable {
  /// The text-field screen.
  case textFieldIsRequired
  /// The settings screen, pushed over the text field.
  case settingsAreRequired
}

/// The original app's `TextFieldViewReactor`, with a `text` field for the SwiftUI binding.
public final class TextFieldReactor: Reactor, Stepper {
  /// What the view sends.
  public enum Action: Sendable {
    /// The text field's text changed.
    case inputField(String)
    /// The settings button was tapped.
    case didTapSettingButton
  }

  /// What changes the state.
  public enum Mutation {
    case setText(String)
    case setCapitalizedString(String)
    case setLengthOfString(Int)
    case showAlertMessage(String)
  }

  /// What the view shows.
  public struct State {
    /// The text field's text.
    public var text = ""
    /// The text, uppercased.
    public var capitalizedString: String?
    /// The text's length.
    public var lengthOfString: Int?
    /// The alert shown when the text has a digit: once per input, even the same one.
    @Pulse public var alertMessage: String?
  }

  /// The alert's message (the original app's).
  public static let digitAlert = "소문자를 입력할 수 없습니다."

  /// The empty text field.
  public let initialState = State()
  /// The reactor's storage.
  public let store = ReactorStore<TextFieldReactor>()
  /// The steps this screen asks for.
  public let steps = PublishRelay<Step>()

  /// A reactor for an empty text field.
  public nonisolated init() {}

  /// The original app's `mutate`: a digit raises the alert, anything else is uppercased and counted.
  public func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .inputField(let input):
      if input.contains(where: \.isNumber) {
        return .concat(.just(.setText(input)), .just(.showAlertMessage(Self.digitAlert)))
      }
      return .concat(
        .just(.setText(input)),
        .just(.setCapitalizedString(input.uppercased())),
        .just(.setLengthOfString(input.count))
      )
    case .didTapSettingButton:
      steps.accept(TextFieldStep.settingsAreRequired)
      return .none
    }
  }

  /// The original app's `reduce`.
  public func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setText(let text): newState.text = text
    case .setCapitalizedString(let string): newState.capitalizedString = string
    case .setLengthOfString(let length): newState.lengthOfString = length
    case .showAlertMessage(let message): newState.alertMessage = message
    }
    return newState
  }
}
