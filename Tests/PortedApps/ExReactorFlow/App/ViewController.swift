import ReactorFlowHeadless

class ViewController: Screen {

  override func viewDidLoad() {
    super.viewDidLoad()
  }
}
