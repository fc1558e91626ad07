#if canImport(UIKit)
  /// The storage of a view controller's `reactor` that binds it once the view is loaded —
  /// ReactorKit's `StoryboardView` behaviour, without method swizzling.
  ///
  /// Assigning the reactor replaces the view controller's dispose bag, loads the view if it is not
  /// loaded yet (`viewDidLoad` runs first, so that bindings can use the view's subviews and
  /// outlets), then calls `bind(reactor:)`. ReactorKit waits for `viewDidLoad` instead; nothing
  /// reports `viewDidLoad` without swizzling, and UIKit forwards no appearance callback to a
  /// helper child whose view is not in the view hierarchy, so the view is loaded at assignment:
  ///
  /// ```swift
  /// final class TextFieldViewController: UIViewController, View {
  ///   @BindsReactorWhenLoaded var reactor: TextFieldViewReactor?
  ///   var disposeBag = DisposeBag()
  ///
  ///   func bind(reactor: TextFieldViewReactor) {
  ///     reactor.observe(\.capitalizedString) { [weak self] in self?.title = $0 }
  ///       .disposed(by: disposeBag)
  ///   }
  /// }
  /// ```
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
        controller.loadViewIfNeeded()
        controller.bind(reactor: reactor)
      }
    }
  }
#endif
