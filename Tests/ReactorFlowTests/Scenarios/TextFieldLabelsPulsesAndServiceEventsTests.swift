import ReactorFlow
import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@testable import ScenarioApps

@MainActor
@Suite("A text field's labels and pulses, and a colour set through a service event", .checksLeaks)
struct TextFieldLabelsPulsesAndServiceEventsTests {
  let provider = ServiceProvider()

  @Test("one input gives the uppercased string and its length, both before send returns")
  func uppercaseAndLength() {
    let reactor = TextFieldViewReactor(service: provider)
    reactor.send(.inputField("hello"))
    #expect(reactor.currentState.capitalizedString == "HELLO")
    #expect(reactor.currentState.lengthOfString == 5)
  }

  @Test("the view binds on assignment and shows the initial state at once")
  func viewBindsInitialState() {
    let reactor = TextFieldViewReactor(backgroundColor: .systemTeal, service: provider)
    let view = TextFieldViewController(reactor: reactor)
    #expect(view.backgroundColor == .systemTeal)
    view.type("abc")
    #expect(view.capitalizedStringLabel == "ABC")
    #expect(view.lengthOfStringLabel == "3")
  }

  @Test("distinct labels: an unchanged value does not update its label")
  func distinctUntilChanged() {
    let view = TextFieldViewController(reactor: TextFieldViewReactor(service: provider))
    let initialUpdates = view.labelUpdates
    view.type("abc")
    view.type("abc")
    #expect(view.labelUpdates == initialUpdates + 1)
  }

  @Test("digits raise the alert through @Pulse, and the same alert twice shows twice")
  func digitsAlertTwice() {
    let view = TextFieldViewController(reactor: TextFieldViewReactor(service: provider))
    view.type("abc")
    view.type("a1")
    view.type("a1")
    #expect(view.presentedAlerts == ["소문자를 입력할 수 없습니다.", "소문자를 입력할 수 없습니다."])
    #expect(view.lengthOfStringLabel == "0")
    // Other changes do not re-show the alert.
    view.type("xyz")
    #expect(view.presentedAlerts.count == 2)
  }

  @Test("a view bound later does not receive a pulse from before it subscribed")
  func noStalePulse() {
    let reactor = TextFieldViewReactor(service: provider)
    reactor.send(.inputField("4"))
    let view = TextFieldViewController(reactor: reactor)
    #expect(view.presentedAlerts.isEmpty)
    reactor.send(.inputField("5"))
    #expect(view.presentedAlerts.count == 1)
  }

  @Test("the settings screen is pushed through a pulse")
  func settingsPushedThroughPulse() {
    let view = TextFieldViewController(reactor: TextFieldViewReactor(service: provider))
    let navigation = NavigationStack(rootViewController: view)
    let window = Window()
    window.rootViewController = navigation
    view.tapSettingButton()
    #expect(navigation.viewControllers.count == 2)
    #expect(window.topScreen is SettingViewController)
    view.type("abc")
    #expect(navigation.viewControllers.count == 2)
  }

  @Test("the settings reactor changes the text-field screen's colour through the service event")
  func globalEventChangesBackground() async {
    let textReactor = TextFieldViewReactor(backgroundColor: .systemTeal, service: provider)
    let textView = TextFieldViewController(reactor: textReactor)
    let settingReactor = SettingViewReactor(backgroundColor: .systemTeal, service: provider)
    settingReactor.pickColor = { .systemRed }
    let settingView = SettingViewController(reactor: settingReactor)

    settingView.tapButton()
    #expect(settingView.backgroundColor == .systemRed)

    // The event reaches the other reactor asynchronously, through transform(mutation:).
    for await state in textReactor.state where state.backgroundColor == .systemRed { break }
    #expect(textView.backgroundColor == .systemRed)
  }

  @Test("the global-event subscription ends with the reactor")
  func globalEventSubscriptionEnds() {
    let leaks = LeakTracker()
    let events = provider.settings.event
    do {
      let reactor = leaks.track(TextFieldViewReactor(service: provider))
      _ = reactor.currentState  // starts the pipeline, which subscribes to the events
      #expect(events.subscriberCount == 1)
    }
    #expect(leaks.alive.isEmpty)
    #expect(events.subscriberCount == 0)
  }

  @Test("views, reactors and pushed screens are released")
  func nothingLeaks() {
    let leaks = LeakTracker()
    do {
      let reactor = leaks.track(TextFieldViewReactor(service: provider))
      let view = leaks.track(TextFieldViewController(reactor: reactor))
      let navigation = leaks.track(NavigationStack(rootViewController: view))
      view.tapSettingButton()
      for pushed in navigation.viewControllers { leaks.track(pushed) }
      view.type("a1")
      navigation.popViewController()
    }
    #expect(leaks.alive.isEmpty)
  }
}
