#if canImport(UIKit)
  #if canImport(ObjectiveC)
    import ObjectiveC
  #endif

  /// The bindings of ``BindsReactorWhenLoaded`` waiting for their view controller's view to
  /// load, run once its `viewDidLoad` has returned.
  @MainActor
  enum ViewLoadBinding {
    private struct Pending {
      weak var controller: UIViewController?
      let bind: @MainActor () -> Void
    }

    /// Keyed by the view controller's address, checked against the weak reference: an address is
    /// reused once its object is released.
    private static var pending: [ObjectIdentifier: Pending] = [:]

    /// Runs `bind` once `controller`'s `viewDidLoad` has returned, instead of any binding it was
    /// waiting for.
    static func bindAfterViewDidLoad(_ controller: UIViewController, _ bind: @escaping @MainActor () -> Void)
    {
      reportViewDidLoad(of: controller)
      // Entries of view controllers released before their view loaded go first.
      pending = pending.filter { $0.value.controller != nil }
      pending[ObjectIdentifier(controller)] = Pending(controller: controller, bind: bind)
    }

    /// Forgets the binding `controller` waits for, if any.
    static func cancel(for controller: UIViewController) {
      let key = ObjectIdentifier(controller)
      if pending[key] != nil { pending[key] = nil }
    }

    /// `controller`'s `viewDidLoad` returned: runs the binding it waits for, if any.
    static func viewDidLoadReturned(_ controller: UIViewController) {
      let key = ObjectIdentifier(controller)
      guard let entry = pending[key], entry.controller === controller else { return }
      pending[key] = nil
      entry.bind()
    }
  }

  #if canImport(ObjectiveC)
    extension ViewLoadBinding {
      /// The classes whose `viewDidLoad` is wrapped.
      private static var wrappedClasses: Set<ObjectIdentifier> = []
      /// The view controllers whose wrapped `viewDidLoad` is running: a subclass's calls its
      /// superclass's (wrapped too if a view controller of that class was deferred), and the
      /// binding waits for the outermost to return. Per view controller: a `viewDidLoad` may load
      /// another view controller's view.
      private static var loading: Set<ObjectIdentifier> = []

      /// Wraps the `viewDidLoad` of `controller`'s class, once per class, so that
      /// ``viewDidLoadReturned(_:)`` hears when it returns (UIKit tells nothing else).
      private static func reportViewDidLoad(of controller: UIViewController) {
        guard let viewControllerClass = object_getClass(controller),
          wrappedClasses.insert(ObjectIdentifier(viewControllerClass)).inserted
        else { return }
        let selector = #selector(UIViewController.viewDidLoad)
        guard let method = class_getInstanceMethod(viewControllerClass, selector) else { return }
        typealias ViewDidLoad = @convention(c) (AnyObject, Selector) -> Void
        let original = unsafeBitCast(method_getImplementation(method), to: ViewDidLoad.self)
        let wrapper: @convention(block) (UIViewController) -> Void = { controller in
          MainActor.assumeIsolated {
            let outermost = loading.insert(ObjectIdentifier(controller)).inserted
            original(controller, selector)
            guard outermost else { return }
            loading.remove(ObjectIdentifier(controller))
            viewDidLoadReturned(controller)
          }
        }
        let implementation = imp_implementationWithBlock(unsafeBitCast(wrapper, to: AnyObject.self))
        // A class that inherits `viewDidLoad` gets one of its own that calls the inherited one;
        // the inherited one is left as it is.
        if !class_addMethod(viewControllerClass, selector, implementation, method_getTypeEncoding(method)) {
          method_setImplementation(method, implementation)
        }
      }
    }
  #else
    extension ViewLoadBinding {
      /// Where there is no Objective-C runtime (the UIKit stand-in on Linux), the stand-in reports
      /// the moment itself, where the wrapper above would.
      private static func reportViewDidLoad(of controller: UIViewController) {
        if UIViewController.standInViewDidLoadReturned == nil {
          UIViewController.standInViewDidLoadReturned = { viewDidLoadReturned($0) }
        }
      }
    }
  #endif
#endif
