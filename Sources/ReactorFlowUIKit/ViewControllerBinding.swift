#if canImport(UIKit)
  /// The storage of a view controller's `reactor` that binds it once the view has loaded —
  /// ReactorKit's storyboard view (`DeferredReactorView`).
  ///
  /// Assigning the reactor replaces the view controller's dispose bag. If the view is not loaded
  /// yet, `bind(reactor:)` waits: it runs once `viewDidLoad` has returned, whatever loads the view
  /// (a presentation, a push, a window, `loadViewIfNeeded()`, reading `view`). So `viewDidLoad`
  /// sees the properties set after the reactor, and the bindings see the subviews and outlets
  /// `viewDidLoad` set up — including what it does after calling `super.viewDidLoad()`. Only the
  /// reactor assigned last is bound; one removed (`nil`) before is not. Once the view is loaded,
  /// each assignment binds at once.
  ///
  /// ```swift
  /// final class TextFieldViewController: UIViewController, DeferredReactorView {
  ///   @BindsReactorWhenLoaded var reactor: TextFieldViewReactor?
  ///   var disposeBag = DisposeBag()
  ///
  ///   func bind(reactor: TextFieldViewReactor) {
  ///     reactor.observe(\.capitalizedString) { [weak self] in self?.title = $0 }
  ///       .disposed(by: disposeBag)
  ///   }
  /// }
  /// ```
  ///
  /// How the adapter learns that `viewDidLoad` returned: UIKit reports it to nothing but the view
  /// controller itself, so, as ReactorKit does, the adapter wraps `viewDidLoad` through the
  /// Objective-C runtime's public functions — only the `viewDidLoad` that view controllers whose
  /// reactor is assigned before their view loads run (that of the nearest class defining it),
  /// once per class.
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
        ViewLoadBinding.cancel(for: controller)
        guard let reactor = newValue else { return }
        if controller.isViewLoaded {
          controller.bind(reactor: reactor)
          return
        }
        // Weakly: a view controller released before its view loads is not kept by its binding.
        ViewLoadBinding.bindAfterViewDidLoad(controller) { [weak controller] in
          guard let controller, let reactor = controller[keyPath: storageKeyPath].reactor else { return }
          controller.bind(reactor: reactor)
        }
      }
    }
  }
#endif
