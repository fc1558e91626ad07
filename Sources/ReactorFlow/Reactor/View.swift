/// Something that shows a reactor's state and sends it actions — a screen, a cell, a terminal
/// view. Any class can adopt it; ReactorKit's `View` ports line by line.
///
/// Declare the reactor with ``BindsReactor``: each assignment gives the view a fresh
/// ``disposeBag`` (ending the previous bindings) and calls ``bind(reactor:)``.
///
/// ```swift
/// final class TextFieldView: View {
///   @BindsReactor var reactor: TextFieldViewReactor?
///   var disposeBag = DisposeBag()
///   var label = ""
///
///   func bind(reactor: TextFieldViewReactor) {
///     reactor.observe(\.capitalizedString) { [weak self] in self?.label = $0 ?? "" }
///       .disposed(by: disposeBag)
///   }
/// }
/// ```
@MainActor
public protocol View: AnyObject {
  /// The type of the reactor this view binds to.
  associatedtype Reactor: ReactorFlow.Reactor

  /// The bag of the current bindings; replaced each time ``reactor`` is assigned.
  var disposeBag: DisposeBag { get set }

  /// The reactor the view is bound to.
  var reactor: Reactor? { get set }

  /// Creates the bindings to `reactor`. Called on each assignment of ``reactor``; do not call
  /// it yourself.
  func bind(reactor: Reactor)
}

/// ReactorKit 3.x's name for ``View``: something that shows a reactor's state and sends it
/// actions, bound on each assignment of its reactor (declared with ``BindsReactor``).
///
/// ```swift
/// final class ProfileTitleLabel: ReactorView {
///   @BindsReactor var reactor: ProfileReactor?
///   var disposeBag = DisposeBag()
///   var text = ""
///
///   func bind(reactor: ProfileReactor) {
///     reactor.observe(\.title) { [weak self] in self?.text = $0 }
///       .disposed(by: disposeBag)
///   }
/// }
/// ```
public typealias ReactorView = View

/// ReactorKit 3.x's name for a storyboard view (`StoryboardView`): a ``View`` whose reactor is
/// bound once its view has loaded, after `viewDidLoad`. Declare the reactor with
/// `@BindsReactorWhenLoaded` — from ReactorFlowUIKit for a view controller, from
/// ReactorFlowHeadless for a headless screen; with ``BindsReactor`` it is bound at assignment.
///
/// ```swift
/// final class ProfileScreen: Screen, DeferredReactorView {
///   @BindsReactorWhenLoaded var reactor: ProfileReactor?
///   var disposeBag = DisposeBag()
///
///   func bind(reactor: ProfileReactor) {
///     reactor.observe(\.title) { [weak self] in self?.title = $0 }
///       .disposed(by: disposeBag)
///   }
/// }
/// ```
public typealias DeferredReactorView = View

/// The storage of a ``View``'s `reactor`: assigning it replaces the view's dispose bag and
/// calls `bind(reactor:)`.
///
/// ```swift
/// final class ProfileHeaderView: View {
///   @BindsReactor var reactor: ProfileReactor?
///   var disposeBag = DisposeBag()
///
///   func bind(reactor: ProfileReactor) {}
/// }
/// ```
@MainActor
@propertyWrapper
public struct BindsReactor<R: Reactor> {
  private var reactor: R?

  /// Creates the storage with no reactor. To bind at creation, assign `reactor` in the view's
  /// `init`, after its other properties are set.
  public init() { reactor = nil }

  @available(*, unavailable, message: "@BindsReactor can only be used in a class adopting View")
  public var wrappedValue: R? {
    get { fatalError("unavailable") }
    // swift-format-ignore
    set { fatalError("unavailable") }
  }

  public static subscript<V: View>(
    _enclosingInstance view: V,
    wrapped wrappedKeyPath: ReferenceWritableKeyPath<V, R?>,
    storage storageKeyPath: ReferenceWritableKeyPath<V, BindsReactor<R>>
  ) -> R? where V.Reactor == R {
    get { view[keyPath: storageKeyPath].reactor }
    set {
      view[keyPath: storageKeyPath].reactor = newValue
      view.disposeBag = DisposeBag()
      if let newValue { view.bind(reactor: newValue) }
    }
  }
}
