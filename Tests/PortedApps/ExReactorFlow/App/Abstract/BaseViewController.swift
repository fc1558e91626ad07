import ReactorFlow
import ReactorFlowHeadless

class BaseViewController: Screen {
  lazy private(set) var className: String = {
    return String(describing: type(of: self))
  }()

  var disposeBag = DisposeBag()

  deinit {
    log.info("DEINIT: \(String(describing: type(of: self)))")
  }
}
