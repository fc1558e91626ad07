import ReactorFlow
import ReactorFlowHeadless

@MainActor
final class AppDelegate {
  let disposeBag = DisposeBag()

  var window: Window?
  var coordinator = FlowCoordinator()
  var appFlow: AppFlow!
  let preferencesService: PreferencesService

  lazy var appServices = {
    return AppServices(preferencesService: self.preferencesService)
  }()

  init(window: Window? = Window(), preferencesService: PreferencesService = PreferencesService()) {
    self.window = window
    self.preferencesService = preferencesService
  }

  func application() -> Bool {
    guard let window = self.window else { return false }

    coordinator.willNavigate.subscribe { event in
      log.debug("\n➡️ will navigate to flow=\(event.flow) and step=\(event.step)")
    }.disposed(by: disposeBag)

    coordinator.didNavigate.subscribe { event in
      log.debug("\n➡️ did navigate to flow=\(event.flow) and step=\(event.step)")
    }.disposed(by: disposeBag)

    self.appFlow = AppFlow(withWindow: window, andServices: self.appServices)

    coordinator.coordinate(flow: self.appFlow, with: AppStepper(withServices: self.appServices))

    return true
  }
}

struct AppServices: HasPreferencesService {
  let preferencesService: PreferencesService
}
