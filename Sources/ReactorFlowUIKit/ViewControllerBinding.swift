/// The storage of a view controller's `reactor` that binds it once the view is loaded —
/// ReactorKit's `StoryboardView` behaviour, without method swizzling.
///
/// Assigning the reactor replaces the view controller's dispose bag, then calls
/// `bind(reactor:)` at once if the view is loaded, or else when the view first appears (in the
/// first `viewWillAppear`, always after `viewDidLoad`), so that bindings can use the view's
/// subviews. ReactorKit binds in `viewDidLoad`; here it is the first appearance, since nothing
/// reports `viewDidLoad` without swizzling:
///
/// ```swift
/// final class TextFieldViewController: UIViewController, View {
///   @BindsReactorWhenLoaded var reactor: TextFieldViewReactor?
///   var disposeBag = DisposeBag()
///
///   func bind(reactor: TextFieldViewReactor) {
///     reactor.observe(\.capitalizedString) { [weak self] in self?.label.text = $0 }
///       .disposed(by: disposeBag)
///   }
/// }
/// ```
///
/// It works through an invisible child view controller that receives UIKit's appearance
/// callbacks; nothing is swizzled and no associated object is used.
@MainActor
@propertyWrapper
public struct BindsReactorWhenLoaded<R: Reactor> {
  private var reactor: R?

  /// Creates the storage with no reactor.
  public init() { reactor = nil }

  @available(
    *, unavailable, message: "@BindsReactorWhenLoaded can only be used in a UIViewController adopting View"
  )
  /// Unavailable: the enclosing-instance subscript is used instead.
  public var wrappedValue: R? {
    get { fatalError("unavailable") }
    // swift-format-ignore
    set { fatalError("unavailable") }
  }

  /// The reactor; assigning it replaces the bindings (see the type's documentation).
  public static subscript<V: UIViewController & View>(
    _enclosingInstance controller: V,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<V, R?>,
    storage storageKeyPath: ReferenceWritableKeyPath<V, BindsReactorWhenLoaded<R>>
  ) -> R? where V.Reactor == R {
    get { controller[keyPath: storageKeyPath].reactor }
    set {
      controller[keyPath: storageKeyPath].reactor = newValue
      controller.disposeBag = DisposeBag()
      guard let reactor = newValue else { return }
      if controller.isViewLoaded {
        controller.bind(reactor: reactor)
        return
      }
      let observer = LifecycleObserver.observer(of: controller)
      observer.onFirstWillAppear.append { [weak controller, weak reactor] in
        // Bind the reactor still assigned (a later assignment replaced this one's binding).
        guard let controller, let reactor, controller[keyPath: storageKeyPath].reactor === reactor else {
          return
        }
        controller.bind(reactor: reactor)
      }
    }
  }
}
