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

      /// Wraps the `viewDidLoad` that `controller` runs, once per class, so that
      /// ``viewDidLoadReturned(_:)`` hears when it returns (UIKit tells nothing else).
      ///
      /// The method wrapped is the one `controller`'s class runs: that of the nearest class, from
      /// the object's own up, that defines `viewDidLoad`. Classes that only inherit it are passed
      /// over — among them the subclass Key-Value Observing gives an observed object for the time
      /// it is observed, which would otherwise be wrapped and then left behind when observing
      /// stops — and no method is added to any class.
      private static func reportViewDidLoad(of controller: UIViewController) {
        let selector = #selector(UIViewController.viewDidLoad)
        var candidate: AnyClass? = object_getClass(controller)
        while let someClass = candidate, let method = class_getInstanceMethod(someClass, selector) {
          let superclass: AnyClass? = class_getSuperclass(someClass)
          if let superclass, class_getInstanceMethod(superclass, selector) == method {
            candidate = superclass
            continue
          }
          wrap(method, of: someClass, selector)
          return
        }
      }

      /// Replaces `method` (the `viewDidLoad` `definingClass` defines) with one that runs it, then
      /// reports the view controller if it is the outermost running.
      private static func wrap(_ method: Method, of definingClass: AnyClass, _ selector: Selector) {
        guard wrappedClasses.insert(ObjectIdentifier(definingClass)).inserted else { return }
        // The original implementation stays callable under a name of this class's own, through
        // `perform(_:)`: no cast of a function pointer. The name differs per class, as the
        // wrappers of a class and of its subclass may both run for one view controller.
        let originalName = "reactorFlow_viewDidLoad_" + String(cString: class_getName(definingClass))
        let original = Selector(originalName)
        guard
          class_addMethod(
            definingClass, original, method_getImplementation(method), method_getTypeEncoding(method))
        else { return }
        let wrapper: @convention(block) (UIViewController) -> Void = { controller in
          MainActor.assumeIsolated {
            let outermost = loading.insert(ObjectIdentifier(controller)).inserted
            _ = controller.perform(original)
            guard outermost else { return }
            loading.remove(ObjectIdentifier(controller))
            viewDidLoadReturned(controller)
          }
        }
        method_setImplementation(method, imp_implementationWithBlock(wrapper))
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
