import ReactorFlow
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

// The text-field app as a specification: each step states an action and its exact result, with
// ReactorFlowTesting's tester.

@MainActor
@Suite("Spec: a text field and its settings' colour, with ReactorTester", .checksLeaks)
struct TextFieldAndSettingsColourSpec {
  @Test("typing uppercases and counts; digits raise the same alert every time")
  func textField() async {
    let tester = ReactorTester(TextFieldViewReactor(service: ServiceProvider()))
    tester.send(.inputField("hello")) {
      $0.capitalizedString = "HELLO"
      $0.lengthOfString = 5
    }
    tester.send(.inputField("a1")) { $0.alertMessage = "소문자를 입력할 수 없습니다." }
    tester.send(.inputField("a1")) { $0.alertMessage = "소문자를 입력할 수 없습니다." }
    await tester.finish()
  }

  @Test("the settings button changes the colour here and, through the service, on the other screen")
  func globalEvent() async {
    let provider = ServiceProvider()
    let textField = ReactorTester(TextFieldViewReactor(backgroundColor: .systemTeal, service: provider))
    let settingsReactor = SettingViewReactor(backgroundColor: .systemTeal, service: provider)
    settingsReactor.pickColor = { .systemRed }
    let settings = ReactorTester(settingsReactor)
    settings.send(.didTapButton) { $0.backgroundColor = .systemRed }
    await textField.receive { $0.backgroundColor = .systemRed }
    await settings.finish()
    await textField.finish()
  }
}
