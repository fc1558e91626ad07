import ReactorFlowTesting
import ReactorFlowUIKit
import Testing

/// ReactorKit's storyboard view controller: `viewDidLoad` reads a property the presenter sets
/// after assigning the reactor; the binding needs what `viewDidLoad` set up.
final class ProfileViewController: UIViewController, DeferredReactorView {
  @BindsReactorWhenLoaded var reactor: CountingReactor?
  var disposeBag = DisposeBag()
  /// Set by the presenter after `reactor`.
  var userName = ""
  /// What `viewDidLoad` built from `userName` (a label's text).
  var header: String?
  var log: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    header = "Hello, \(userName)"
    log.append("viewDidLoad: \(userName)")
  }

  func bind(reactor: CountingReactor) {
    log.append("bind: \(header ?? "no header"), loaded \(isViewLoaded)")
  }
}

/// A subclass whose `viewDidLoad` calls its superclass's first, then sets up more.
final class EditableProfileViewController: UIViewController, DeferredReactorView {
  @BindsReactorWhenLoaded var reactor: CountingReactor?
  var disposeBag = DisposeBag()
  var log: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    log.append("viewDidLoad")
  }

  func bind(reactor: CountingReactor) { log.append("bind") }
}

/// A container whose `viewDidLoad` loads its child's view (embedding it), then sets up more; both
/// have their reactor before their view loads. They share one log.
final class ContainerProfileViewController: UIViewController, DeferredReactorView {
  @BindsReactorWhenLoaded var reactor: CountingReactor?
  var disposeBag = DisposeBag()
  let child = LoggingChildViewController(nibName: nil, bundle: nil)
  var log: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    child.onLog = { [unowned self] in log.append($0) }
    addChild(child)
    view.addSubview(child.view)
    log.append("container viewDidLoad done")
  }

  func bind(reactor: CountingReactor) { log.append("container bind") }
}

/// The container's child.
final class LoggingChildViewController: UIViewController, DeferredReactorView {
  @BindsReactorWhenLoaded var reactor: CountingReactor?
  var disposeBag = DisposeBag()
  var onLog: (String) -> Void = { _ in }

  override func viewDidLoad() {
    super.viewDidLoad()
    onLog("child viewDidLoad")
  }

  func bind(reactor: CountingReactor) { onLog("child bind") }
}

@MainActor
@Suite("UIKit adapter: a deferred reactor view binds after viewDidLoad", .checksLeaks)
struct DeferredBindingTests {
  @Test(
    "a reactor assigned before the view loads is bound after viewDidLoad, which saw the properties set after it"
  )
  func bindsAfterViewDidLoad() {
    let controller = ProfileViewController(nibName: nil, bundle: nil)
    controller.reactor = CountingReactor()
    controller.userName = "Ada"
    #expect(!controller.isViewLoaded)
    #expect(controller.log.isEmpty)
    let window = UIWindow(frame: .zero)
    window.makeKeyAndVisible()
    window.rootViewController = controller
    #expect(controller.log == ["viewDidLoad: Ada", "bind: Hello, Ada, loaded true"])
    window.rootViewController = nil
  }

  @Test("loading the view binds, as ReactorKit's `_ = viewController.view` does")
  func accessingTheViewBinds() {
    let controller = EditableProfileViewController(nibName: nil, bundle: nil)
    controller.reactor = CountingReactor()
    #expect(controller.log.isEmpty)
    _ = controller.view
    #expect(controller.log == ["viewDidLoad", "bind"])
    controller.loadViewIfNeeded()
    #expect(controller.log == ["viewDidLoad", "bind"])
  }

  @Test("the reactor assigned last before the view loads is the one bound, once")
  func latestReactorBoundOnce() {
    let controller = DeferredViewController(nibName: nil, bundle: nil)
    let first = CountingReactor()
    let second = CountingReactor()
    controller.reactor = first
    controller.reactor = second
    #expect(controller.bound.isEmpty)
    controller.loadViewIfNeeded()
    #expect(controller.bound == [ObjectIdentifier(second)])
    #expect(controller.loadedWhenBound == [true])
  }

  @Test("once the view is loaded, each reactor assigned is bound at once, with a fresh dispose bag")
  func loadedViewBindsAtOnce() {
    let controller = DeferredViewController(nibName: nil, bundle: nil)
    controller.loadViewIfNeeded()
    let first = CountingReactor()
    controller.reactor = first
    #expect(controller.bound == [ObjectIdentifier(first)])
    let firstBag = controller.disposeBag
    let second = CountingReactor()
    controller.reactor = second
    #expect(controller.bound == [ObjectIdentifier(first), ObjectIdentifier(second)])
    #expect(controller.disposeBag !== firstBag)
  }

  @Test("a view loaded inside another's viewDidLoad binds after its own, the outer one after the outer")
  func nestedViewLoadsBindInOrder() {
    let container = ContainerProfileViewController(nibName: nil, bundle: nil)
    container.reactor = CountingReactor()
    container.child.reactor = CountingReactor()
    container.loadViewIfNeeded()
    #expect(
      container.log == ["child viewDidLoad", "child bind", "container viewDidLoad done", "container bind"])
  }

  @Test("a reactor removed before the view loads is not bound")
  func removedReactorNotBound() {
    let controller = DeferredViewController(nibName: nil, bundle: nil)
    controller.reactor = CountingReactor()
    controller.reactor = nil
    controller.loadViewIfNeeded()
    #expect(controller.bound.isEmpty)
  }

  @Test("a view controller released before its view loads releases its reactor")
  func releasedBeforeLoading() {
    weak var reactor: CountingReactor?
    do {
      let controller = DeferredViewController(nibName: nil, bundle: nil)
      let strong = CountingReactor()
      reactor = strong
      controller.reactor = strong
    }
    #expect(reactor == nil)
  }
}
