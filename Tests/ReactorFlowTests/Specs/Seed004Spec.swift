import Clocks
import ReactorFlow
import ReactorFlowTesting
import Testing

// Seed 004 and seed 002 as specifications: each step states an action (or a step) and its exact
// result, with ReactorFlowTesting's testers.

@MainActor
@Suite("Spec: seed 004's text field and settings, with ReactorTester", .checksLeaks)
struct Seed004Spec {
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

@MainActor
@Suite("Spec: seed 002's launch and tabs, with FlowTester", .checksLeaks)
struct Seed002Spec {
  @Test("launch for 2 s, then the tab bar; home's next screen is pushed")
  func launchThenTabs() async {
    let clock = TestClock()
    let tester = FlowTester()
    tester.start(AppFlow002(window: tester.window, clock: clock), with: AppStepper())
    tester.expectSteps(["AppFlow002: launchIsRequired"])
    tester.expectRendered(
      """
      window
        screen "Launch" *
          | (gray)
      """)
    tester.track(tester.window.topScreen!, "launch screen")

    await clock.advanceAfterSleeping(by: .seconds(2))
    await tester.waitForSteps(4)
    tester.expectSteps([
      "AppFlow002: mainIsRequired", "MainFlow: homeIsRequired", "HomeFlow: homeIsRequired",
      "MypageFlow: mypageIsRequired",
    ])
    tester.expectRendered(
      """
      window
        tabs "Main" tabs: [Home] | MyPage *
          navigation "Home" *
            screen "Home" *
          navigation "MyPage"
            screen "MyPage"
      """)

    (tester.window.topScreen as? HomeViewController)?.tapNext()
    tester.expectSteps(["HomeFlow: homeNext"])
    #expect(tester.window.topScreen?.title == "Home_Next")
    await tester.finish()
  }
}
