import ReactorFlowTesting
import ReactorFlowUIKit
import Testing

@MainActor
@Suite("UIKit adapter: presenters kept on screen; controllers not to modify", .checksLeaks)
struct SystemControllersTests {
  @Test(
    "since iOS 13 these styles leave the presenter on screen: no viewWillDisappear, still visible",
    arguments: [UIModalPresentationStyle.automatic, .pageSheet, .formSheet, .overFullScreen])
  func presenterStaysVisible(style: UIModalPresentationStyle) {
    let presenter = Probe("presenter")
    let window = showInWindow(presenter)
    let presenterSignals = Signals(presenter)
    let modal = Probe("modal")
    modal.modalPresentationStyle = style
    presenter.present(modal, animated: true)
    #expect(presenter.rf.isVisible && modal.rf.isVisible)
    #expect(!presenter.log.contains { $0.hasPrefix("willDisappear") })
    presenter.dismiss(animated: true)
    #expect(presenterSignals.visibility.isEmpty && presenterSignals.dismissed == 0)
    #expect(modal.rf.isDismissed && presenter.rf.isVisible)
    window.rootViewController = nil
  }

  @Test("an alert and an image picker get no observer child; the alert is visible while presented")
  func untouchable() {
    let presenter = Probe("presenter")
    let window = showInWindow(presenter)
    let alert = UIAlertController(title: "Delete?", message: nil, preferredStyle: .alert)
    presenter.present(alert, animated: true)
    #expect(alert.rf.isVisible && presenter.rf.isVisible)
    #expect(alert.children.isEmpty)
    presenter.dismiss(animated: true)
    #expect(!alert.rf.isVisible)

    let picker = UIImagePickerController()
    picker.setViewControllers([UIViewController()], animated: false)
    presenter.present(picker, animated: true)
    #expect(picker.rf.isVisible)
    #expect(picker.children.count == 1 && picker.children.allSatisfy { $0.children.isEmpty })
    presenter.dismiss(animated: true)
    window.rootViewController = nil
  }
}
