import Testing

@testable import ReactorFlow

/// The task registry is a pure value type: these tests drive it directly.
@Suite("Streams: TaskRegistry, tasks in flight and the scopes that name them")
struct TaskRegistryTests {
  @Test("cancelling an id cancels the open scopes with it and their tasks, once")
  func cancelByID() {
    var registry = TaskRegistry()
    let x = registry.openScope(named: AnyHashableSendable("x"))
    let y = registry.openScope(named: AnyHashableSendable("y"))
    let first = registry.reserve()
    let second = registry.reserve()
    let inserted1 = registry.insert({}, token: first, scopes: [x], isLongLived: false)
    #expect(inserted1)
    let inserted2 = registry.insert({}, token: second, scopes: [y], isLongLived: false)
    #expect(inserted2)
    #expect(registry.count == 2)
    let result6 = registry.cancel(id: AnyHashableSendable("x"))
    #expect(result6.count == 1)
    #expect(registry.isCancelled(x))
    #expect(!registry.isCancelled(y))
    #expect(registry.count == 1)
    let result7 = registry.cancel(id: AnyHashableSendable("x"))
    #expect(result7.isEmpty)
    // The id that named it, handed to the caller to let go of after unlocking.
    #expect(registry.close([x]) == [AnyHashableSendable("x")])
    #expect(!registry.isCancelled(x))
  }

  @Test("a closed scope is not reached by a later cancel")
  func closedScopeIsForgotten() {
    var registry = TaskRegistry()
    let x = registry.openScope(named: AnyHashableSendable("x"))
    let anonymous = registry.openScope(named: nil)
    #expect(registry.close([x, anonymous]) == [AnyHashableSendable("x")])
    let result8 = registry.cancel(id: AnyHashableSendable("x"))
    #expect(result8.isEmpty)
    #expect(!registry.isCancelled(x))
  }

  @Test("closing the registry cancels everything, refuses new tasks, and every scope reads cancelled")
  func close() {
    var registry = TaskRegistry()
    let run = registry.openScope(named: nil)
    let token = registry.reserve()
    let inserted3 = registry.insert({}, token: token, scopes: [run], isLongLived: false)
    #expect(inserted3)
    let result9 = registry.close()
    #expect(result9.count == 1)
    #expect(registry.isCancelled(run))
    let inserted4 = registry.insert({}, token: registry.reserve(), scopes: [], isLongLived: false)
    #expect(!inserted4)
  }

  @Test("long-lived tasks are not counted as work in flight")
  func longLived() {
    var registry = TaskRegistry()
    let inserted5 = registry.insert({}, token: registry.reserve(), scopes: [], isLongLived: true)
    #expect(inserted5)
    #expect(registry.count == 0)
  }
}
