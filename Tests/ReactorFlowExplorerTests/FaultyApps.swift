import ReactorFlow
import ReactorFlowExplorer
import ReactorFlowHeadless

// Small apps, each with one deliberate fault that only shows after several inputs.

/// A screen whose actions are given when it is made.
final class ActionScreen: Screen, ExplorableScreen {
  var actions: [UserAction] = []
  var terminal = false
  var userActions: [UserAction] { actions }
  var isTerminal: Bool { terminal }
}

/// A stepper other code makes emit.
final class ButtonStepper: Stepper {
  let steps = PublishRelay<Step>()
  let initialStep: Step

  init(initialStep: Step = NoneStep()) { self.initialStep = initialStep }
}

// MARK: - A flow that leaks after tab → sheet → swipe down

enum ShopStep: Step, Equatable {
  case start
  case settingsAreRequired
}

/// Two tabs, Home and Profile; the profile opens a settings sheet run by a flow of its own.
final class ShopFlow: Flow {
  let window: Window
  var root: Presentable { window }
  private weak var profile: Screen?

  init(window: Window) { self.window = window }

  func navigate(to step: Step) -> FlowContributors {
    switch step as? ShopStep {
    case .start:
      let home = ActionScreen(title: "Home")
      let profile = ActionScreen(title: "Profile")
      self.profile = profile
      let tabs = TabBar(title: "Shop")
      tabs.setViewControllers([
        NavigationStack(rootViewController: home, title: "Home"),
        NavigationStack(rootViewController: profile, title: "Profile"),
      ])
      window.rootViewController = tabs
      let stepper = ButtonStepper()
      profile.actions = [
        UserAction("Open settings") { [weak stepper] in stepper?.steps.accept(ShopStep.settingsAreRequired) }
      ]
      return .one(flowContributor: .contribute(withNextPresentable: profile, withNextStepper: stepper))
    case .settingsAreRequired:
      let settings = SettingsFlow()
      Flows.use(settings, when: .created) { [weak self] (root: NavigationStack) in
        self?.profile?.present(root, style: .pageSheet)
      }
      return .one(
        flowContributor: .contribute(
          withNextPresentable: settings,
          withNextStepper: OneStepper(withSingleStep: ShopStep.settingsAreRequired)))
    default:
      return .none
    }
  }
}

/// The settings sheet's flow: settings, and a notifications page pushed over it. The fault: when
/// the user goes back from the notifications page, the flow registers itself with a list that
/// never lets go, so it outlives the app. (A list rather than a reference cycle, so that the
/// address sanitizer's leak check at the end of a CI run, which sees unreachable memory, does
/// not report this deliberate leak.)
final class SettingsFlow: Flow {
  /// The flows kept for ever.
  static var keptForever: [SettingsFlow] = []
  let navigation = NavigationStack(title: "Settings")
  var root: Presentable { navigation }
  private var subscriptions: [AnyDisposable] = []

  func navigate(to step: Step) -> FlowContributors {
    guard step as? ShopStep == .settingsAreRequired else { return .none }
    let settings = ActionScreen(title: "Settings")
    settings.actions = [
      UserAction("Notifications") { [weak self] in
        guard let self else { return }
        let page = ActionScreen(title: "Notifications")
        self.subscriptions.append(
          page.onDismissed { [weak self] in
            guard let self else { return }
            SettingsFlow.keptForever.append(self)
          })
        self.navigation.pushViewController(page)
      }
    ]
    navigation.setViewControllers([settings])
    return .none
  }
}

// MARK: - A step dropped only after a deep link

enum NewsStep: Step, Equatable {
  case start
  case promotionIsRequired
  case homeNeedsRefresh
}

/// A home screen whose stepper refreshes it; a deep link pushes a promotion over it, whose
/// "Refresh home" button makes the hidden home emit — and its step is dropped.
final class NewsFlow: Flow {
  let navigation = NavigationStack(title: "News")
  var root: Presentable { navigation }
  private let homeStepper = ButtonStepper(initialStep: NewsStep.homeNeedsRefresh)

  func navigate(to step: Step) -> FlowContributors {
    switch step as? NewsStep {
    case .start:
      let home = ActionScreen(title: "Home")
      home.actions = [
        UserAction("Refresh") { [weak homeStepper] in homeStepper?.steps.accept(NewsStep.homeNeedsRefresh) }
      ]
      navigation.setViewControllers([home])
      return .one(flowContributor: .contribute(withNextPresentable: home, withNextStepper: homeStepper))
    case .promotionIsRequired:
      guard navigation.topViewController?.title != "Promotion" else { return .none }
      let promotion = ActionScreen(title: "Promotion")
      promotion.actions = [
        UserAction("Refresh home") { [weak homeStepper] in
          homeStepper?.steps.accept(NewsStep.homeNeedsRefresh)
        }
      ]
      navigation.pushViewController(promotion)
      return .none
    default:
      return .none
    }
  }
}

// MARK: - A screen with no way back

enum AboutStep: Step, Equatable {
  case start
}

/// Home → Settings → About → Licences, presented full screen with no way to close it; "Sign
/// out" leads to a screen marked terminal (an end, not a fault).
final class AboutFlow: Flow {
  let navigation = NavigationStack(title: "App")
  var root: Presentable { navigation }

  func navigate(to step: Step) -> FlowContributors {
    guard step as? AboutStep == .start else { return .none }
    let home = ActionScreen(title: "Home")
    let navigation = self.navigation
    home.actions = [
      UserAction("Settings") { [weak navigation] in
        let settings = ActionScreen(title: "Settings")
        settings.actions = [
          UserAction("About") { [weak navigation] in
            let about = ActionScreen(title: "About")
            about.actions = [
              UserAction("Licences") { [weak about] in
                about?.present(ActionScreen(title: "Licences"), style: .fullScreen)
              }
            ]
            navigation?.pushViewController(about)
          }
        ]
        navigation?.pushViewController(settings)
      },
      UserAction("Sign out") { [weak navigation] in
        let signedOut = ActionScreen(title: "Signed out")
        signedOut.terminal = true
        navigation?.setViewControllers([signedOut])
      },
    ]
    navigation.setViewControllers([home])
    return .none
  }
}

// MARK: - Actions a reactor lists

/// A counter whose reactor lists what the user can do: open the details.
final class CounterReactor: Reactor, ExplorableScreen {
  enum Action { case detailsButtonDidTap }
  struct State {}
  let initialState = State()
  let store = ReactorStore<CounterReactor>()
  weak var navigation: NavigationStack?

  func reduce(state: State, mutation: Action) -> State {
    navigation?.pushViewController(Screen(title: "Details"))
    return state
  }

  var userActions: [UserAction] {
    [UserAction("Details") { [weak self] in self?.send(.detailsButtonDidTap) }]
  }
}

final class CounterScreen: Screen, View {
  var disposeBag = DisposeBag()
  @BindsReactor var reactor: CounterReactor?
  func bind(reactor: CounterReactor) {}
}
