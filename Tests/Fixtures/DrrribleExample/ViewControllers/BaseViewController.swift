import ReactorFlow
import ReactorFlowHeadless

class BaseViewController: Screen {

  // MARK: Properties

  lazy private(set) var className: String = {
    return String(describing: type(of: self))
  }()

  // MARK: Initializing

  init() {
    super.init()
  }

  // MARK: Rx

  var disposeBag = DisposeBag()
}
