import ReactorFlow
import ReactorFlowHeadless

// The app of the post "ReactorKit 뿌셔보기": the text-field screen, the settings screen and the
// ServiceProvider whose event stream changes the text-field screen's background.

enum Color: Equatable, Sendable, CaseIterable {
  case systemRed, systemOrange, systemYellow, systemTeal, systemGreen
}

// MARK: - ServiceProvider.swift

class BaseService {
  unowned let provider: ServiceProviderProtocol

  init(provider: ServiceProviderProtocol) {
    self.provider = provider
  }
}

enum SettingEvent: Sendable {
  case setBackgroundColor(Color?)
}

protocol SettingServiceProtocol: AnyObject {
  var event: PublishRelay<SettingEvent> { get }

  @discardableResult
  func setBackgroundColor(_ color: Color?) -> Color?
}

final class SettingService: BaseService, SettingServiceProtocol {
  let event = PublishRelay<SettingEvent>()

  func setBackgroundColor(_ color: Color?) -> Color? {
    event.accept(.setBackgroundColor(color))
    return color
  }
}

protocol ServiceProviderProtocol: AnyObject {
  var settings: SettingServiceProtocol { get }
}

final class ServiceProvider: ServiceProviderProtocol {
  lazy var settings: SettingServiceProtocol = SettingService(provider: self)
}

// MARK: - SettingViewReactor.swift

final class SettingViewReactor: Reactor {
  enum Action {
    case didTapButton
  }

  enum Mutation {
    case setBackgroundColor(Color?)
  }

  struct State {
    var backgroundColor: Color?
  }

  var initialState: State
  let store = ReactorStore<SettingViewReactor>()
  var provider: ServiceProviderProtocol
  /// The post picks `colors.randomElement()`; the tests pick deterministically.
  var pickColor: () -> Color? = { Color.allCases.randomElement() }

  init(backgroundColor color: Color? = nil, service provider: ServiceProviderProtocol) {
    self.initialState = State(backgroundColor: color)
    self.provider = provider
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .didTapButton:
      let color = pickColor()
      provider.settings.setBackgroundColor(color)
      return .just(.setBackgroundColor(color))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setBackgroundColor(let color):
      newState.backgroundColor = color
    }
    return newState
  }
}

// MARK: - TextFieldViewReactor.swift

final class TextFieldViewReactor: Reactor {
  enum Action {
    case inputField(String)
    case didTapSettingButton
  }

  enum Mutation {
    case setBackgroundColor(Color?)
    case setCapitalizedString(String)
    case setLengthOfString(Int)
    case showAlertMessage(String)
    case pushSettingViewController(SettingViewController?)
  }

  struct State {
    var backgroundColor: Color?
    var lengthOfString: Int?
    var capitalizedString: String?
    @Pulse var alertMessage: String?
    @Pulse var settingViewController: SettingViewController?
  }

  var initialState: State
  let store = ReactorStore<TextFieldViewReactor>()
  var provider: ServiceProviderProtocol

  init(backgroundColor color: Color? = nil, service provider: ServiceProviderProtocol) {
    self.initialState = State(backgroundColor: color)
    self.provider = provider
  }

  func transform(mutation: Effect<Mutation>) -> Effect<Mutation> {
    let eventMutation = provider.settings.event.map { event -> Mutation in
      switch event {
      case .setBackgroundColor(let color):
        return .setBackgroundColor(color)
      }
    }
    return .merge(mutation, .from(eventMutation))
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .inputField(let input):
      if input.isNumber {
        return .just(.showAlertMessage("소문자를 입력할 수 없습니다."))
      } else {
        let lengthOfString = input.count
        let capitalizedString = input.uppercased()
        return .concat(
          .just(.setCapitalizedString(capitalizedString)),
          .just(.setLengthOfString(lengthOfString))
        )
      }
    case .didTapSettingButton:
      let reactor = SettingViewReactor(
        backgroundColor: currentState.backgroundColor,
        service: provider
      )
      let viewController = SettingViewController(reactor: reactor)
      return .just(.pushSettingViewController(viewController))
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var newState = state
    switch mutation {
    case .setBackgroundColor(let color):
      newState.backgroundColor = color
    case .setCapitalizedString(let string):
      newState.capitalizedString = string
    case .setLengthOfString(let length):
      newState.lengthOfString = length
    case .showAlertMessage(let message):
      newState.alertMessage = message
    case .pushSettingViewController(let viewController):
      newState.settingViewController = viewController
    }
    return newState
  }
}

extension String {
  /// The post's `.*[0-9]+.*` regular expression: the string contains a digit.
  var isNumber: Bool {
    contains { $0.isASCII && $0.isNumber }
  }
}

// MARK: - Headless views (the post's view controllers, without UIKit)

final class TextFieldViewController: Screen, View {
  @BindsReactor var reactor: TextFieldViewReactor?
  var disposeBag = DisposeBag()

  // The post's labels and text field.
  var textfield = ""
  var capitalizedStringLabel = ""
  var lengthOfStringLabel = ""
  var backgroundColor: Color?
  var presentedAlerts: [String] = []
  var labelUpdates = 0

  init(reactor: TextFieldViewReactor) {
    super.init(title: "TextField")
    self.reactor = reactor
  }

  /// The user types: the post binds `textfield.rx.text.orEmpty` to `.inputField`.
  func type(_ text: String) {
    textfield = text
    reactor?.send(.inputField(text))
  }

  func tapSettingButton() {
    reactor?.send(.didTapSettingButton)
  }

  func bind(reactor: TextFieldViewReactor) {
    reactor.observe(\.capitalizedString) { [weak self] in
      self?.capitalizedStringLabel = $0 ?? ""
      self?.labelUpdates += 1
    }
    .disposed(by: disposeBag)

    reactor.observe(\.lengthOfString) { [weak self] in
      if let length = $0 { self?.lengthOfStringLabel = "\(length)" }
    }
    .disposed(by: disposeBag)

    reactor.observe(\.backgroundColor) { [weak self] in self?.backgroundColor = $0 }
      .disposed(by: disposeBag)

    reactor.pulse(\.$alertMessage) { [weak self] message in
      if let message { self?.showWarningAlert(message) }
    }
    .disposed(by: disposeBag)

    reactor.pulse(\.$settingViewController) { [weak self] viewController in
      if let viewController { self?.navigationController?.pushViewController(viewController, animated: true) }
    }
    .disposed(by: disposeBag)
  }

  func showWarningAlert(_ message: String) {
    textfield.removeAll()
    lengthOfStringLabel = "0"
    capitalizedStringLabel.removeAll()
    presentedAlerts.append(message)
  }
}

final class SettingViewController: Screen, View {
  @BindsReactor var reactor: SettingViewReactor?
  var disposeBag = DisposeBag()
  var backgroundColor: Color?

  init(reactor: SettingViewReactor) {
    super.init(title: "Settings")
    self.reactor = reactor
  }

  func tapButton() { reactor?.send(.didTapButton) }

  func bind(reactor: SettingViewReactor) {
    reactor.observe(\.backgroundColor) { [weak self] in self?.backgroundColor = $0 }
      .disposed(by: disposeBag)
  }
}
