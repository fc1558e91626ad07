/// Records the reactors, flows, steppers, coordinators and screens created while it is bound,
/// so that a test can check that every one of them was released.
///
/// Bind it for a task with `LiveObjects.$recorder.withValue(recorder) { … }` — ReactorFlowTesting's
/// `.checksLeaks` trait does this around every test. ReactorFlow records, while a recorder is
/// bound: each `Screen` and `Window` (ReactorFlowHeadless) it creates, each reactor when its store starts, each
/// ``FlowCoordinator``, each flow a coordinator starts and each stepper it connects, and each
/// child of ``Coordinator/start(child:)``. With no recorder bound, recording costs one
/// task-local read.
public final class LiveObjects: Sendable {
  /// The recorder of the current task and the tasks it starts, if any.
  @TaskLocal public static var recorder: LiveObjects?

  private struct Entry: @unchecked Sendable {
    // Read and written under the lock only.
    weak var object: AnyObject?
    let description: String
  }

  private struct Entries {
    var list: [Entry] = []
    /// Where each object's entry is (an address may be reused once its object is gone).
    var index: [ObjectIdentifier: Int] = [:]
  }

  private let entries = LockedState(Entries())

  /// Creates an empty recorder.
  public init() {}

  /// Records `object` (weakly) under `description`. Recording the same object twice keeps one
  /// entry.
  public func record(_ object: AnyObject, _ description: String) {
    entries.withLock { entries in
      let id = ObjectIdentifier(object)
      if let position = entries.index[id] {
        // The same object again, or a new one at the address of a released one.
        if entries.list[position].object === object { return }
        entries.list[position] = Entry(object: object, description: description)
        return
      }
      entries.index[id] = entries.list.count
      entries.list.append(Entry(object: object, description: description))
    }
  }

  /// The descriptions of the recorded objects still alive, in the order they were recorded.
  public var alive: [String] {
    // Reading a weak reference makes a strong one: if another thread lets go of the object
    // meanwhile, the last release — and the object's `deinit`, which may record — comes with
    // ours. The objects read are kept, and let go after unlocking (the lock is not re-entrant).
    var objects: [AnyObject] = []
    let descriptions = entries.withLock { entries in
      entries.list.compactMap { entry -> String? in
        guard let object = entry.object else { return nil }
        objects.append(object)
        return entry.description
      }
    }
    objects.removeAll()
    return descriptions
  }

  /// How many objects were recorded.
  public var count: Int { entries.withLock { $0.list.count } }

  /// Records `object` in the current task's recorder, if one is bound.
  @inline(__always)
  package static func note(_ object: AnyObject, _ kind: @autoclosure () -> String) {
    if let recorder { recorder.record(object, kind()) }
  }
}
