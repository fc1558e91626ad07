/// A bag of ``Disposable``s that are all disposed when the bag is released.
///
/// The lifetime of a binding is the lifetime of its bag: a ``View`` gets a fresh bag each time its
/// reactor is assigned, which ends the bindings to the previous reactor.
///
/// ```swift
/// reactor.observe(\.title) { label.text = $0 }
///   .disposed(by: disposeBag)
/// ```
public final class DisposeBag: Sendable {
  private let items = LockedState<[any Disposable]?>([])

  /// Creates an empty bag.
  public init() {}

  /// Adds `disposable`. If the bag was already disposed, `disposable` is disposed at once.
  public func insert(_ disposable: any Disposable) {
    let accepted = items.withLock { items -> Bool in
      guard items != nil else { return false }
      items!.append(disposable)
      return true
    }
    if !accepted { disposable.dispose() }
  }

  /// How many disposables the bag holds.
  public var count: Int { items.withLock { $0?.count ?? 0 } }

  /// Disposes everything in the bag; later insertions are disposed at once.
  public func dispose() {
    let taken = items.withLock { items -> [any Disposable] in
      defer { items = nil }
      return items ?? []
    }
    for item in taken { item.dispose() }
  }

  deinit {
    dispose()
  }
}
