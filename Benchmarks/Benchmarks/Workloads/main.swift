// The synchronous workloads of the benchmarks as a plain program, for instruction counts:
// `valgrind --tool=callgrind Workloads <workload> <count>` (see ratios.sh, which runs each twice
// and divides the difference by the difference of counts, so that start-up cancels out).
import Foundation
import Observation
import ReactorFlow
import ReactorFlowHeadless

struct CounterState {
  var count = 0
  var secondary = 0
  var unchanged = 0
  var title = "Counter"
  var isLoading = false
  var items: [Int] = []
}

enum CounterAction { case increment, secondary }

@inline(never)
func reduceState(_ state: CounterState, _ mutation: CounterAction) -> CounterState {
  var newState = state
  switch mutation {
  case .increment: newState.count &+= 1
  case .secondary: newState.secondary &+= 1
  }
  return newState
}

final class CounterReactor: Reactor {
  typealias Action = CounterAction
  typealias State = CounterState
  let initialState = CounterState()
  let store = ReactorStore<CounterReactor>()
  func reduce(state: CounterState, mutation: CounterAction) -> CounterState { reduceState(state, mutation) }
}

/// Observation's own floor for the tracked workload.
@MainActor
@Observable
final class ObservableCounter {
  var state = CounterState()
}

/// A plain @Observable property: what one read costs outside any tracking is Observation's own
/// access check, the least a `currentState` read can cost while SwiftUI can still track it.
@MainActor
@Observable
final class Model {
  var value = 0
}

/// An action whose `mutate` returns one `.run` that sends one mutation: the asynchronous round
/// trip (a task on the main actor, the operation's `send`, reduce, the observer).
final class LaterCounterReactor: Reactor {
  enum Action { case incrementLater }
  typealias Mutation = CounterAction
  typealias State = CounterState
  let initialState = CounterState()
  let store = ReactorStore<LaterCounterReactor>()
  func mutate(action: Action) -> Effect<CounterAction> { .run { send in await send(.increment) } }
  func reduce(state: CounterState, mutation: CounterAction) -> CounterState { reduceState(state, mutation) }
}

/// Runs `body` in a main-actor task while the main thread runs its run loop, until it returns.
@MainActor
func runAsync(_ body: @escaping @MainActor () async -> Void) {
  final class Done { var value = false }
  let done = Done()
  Task { @MainActor in
    await body()
    done.value = true
  }
  while !done.value { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
}

enum BenchStep: Step { case push, pop }

/// Pushes and pops a screen on a headless navigation stack.
final class StackFlow: Flow {
  let navigation = NavigationStack(rootViewController: Screen(title: "Root"))
  let screen = Screen(title: "Next")
  var root: Presentable { navigation }

  func navigate(to step: Step) -> FlowContributors {
    switch step as? BenchStep {
    case .push: navigation.pushViewController(screen)
    case .pop: navigation.popViewController()
    default: break
    }
    return .none
  }
}

@inline(never)
func sink<T>(_ value: T) { withExtendedLifetime(value) {} }

/// Counts calls from any thread.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func add() { lock.withLock { count += 1 } }
  var value: Int { lock.withLock { count } }
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let count = Int(arguments[2]) else {
  print(
    "usage: Workloads floor|action|hundred|hundred-read|reentrant-read|read|tracked|property|property-other|observable|observable-read|navigate|steps|action-recorded|steps-recorded|hop|round-trip|diagnostics <count>"
  )
  exit(2)
}

MainActor.assumeIsolated {
  switch arguments[1] {
  case "floor":
    var state = CounterState()
    for _ in 0..<count { state = reduceState(state, .increment) }
    sink(state.count)
  case "action":
    let reactor = CounterReactor()
    var seen = 0
    let subscription = reactor.observe(\.count) { seen = $0 }
    for _ in 0..<count { reactor.send(.increment) }
    sink(seen)
    subscription.dispose()
  case "hundred":
    let reactor = CounterReactor()
    var seen = 0
    var subscriptions = [reactor.observe(\.count) { seen = $0 }]
    for _ in 0..<99 { subscriptions.append(reactor.observe(\.unchanged) { seen &+= $0 }) }
    for _ in 0..<count { reactor.send(.increment) }
    sink(seen)
    for subscription in subscriptions { subscription.dispose() }
  case "hundred-read":
    // Issue 14's third row: 100 observers, one sees the change, then a `currentState` read.
    let reactor = CounterReactor()
    var seen = 0
    var subscriptions = [reactor.observe(\.count) { seen = $0 }]
    for _ in 0..<99 { subscriptions.append(reactor.observe(\.unchanged) { seen &+= $0 }) }
    for _ in 0..<count {
      reactor.send(.increment)
      sink(reactor.currentState.count)
    }
    sink(seen)
    for subscription in subscriptions { subscription.dispose() }
  case "reentrant-read":
    // Issue 14's fourth row: an observer sends a second action (queued, handled before the
    // outer send returns), then a `currentState` read.
    let reactor = CounterReactor()
    let subscription = reactor.observe(\.count) { _ in reactor.send(.secondary) }
    for _ in 0..<count {
      reactor.send(.increment)
      sink(reactor.currentState.secondary)
    }
    subscription.dispose()
  case "read":
    let reactor = CounterReactor()
    var seen = 0
    let subscription = reactor.observe(\.count) { seen = $0 }
    for _ in 0..<count {
      reactor.send(.increment)
      sink(reactor.currentState.count)
    }
    sink(seen)
    subscription.dispose()
  case "tracked":
    let reactor = CounterReactor()
    nonisolated(unsafe) var changes = 0
    for _ in 0..<count {
      withObservationTracking {
        sink(reactor.currentState.count)
      } onChange: {
        changes &+= 1
      }
      reactor.send(.increment)
    }
    sink(changes)
  case "property":
    // Per-property tracking: the read property changes each time (onChange fires, re-armed).
    let reactor = CounterReactor()
    nonisolated(unsafe) var changes = 0
    for _ in 0..<count {
      withObservationTracking {
        sink(reactor[\.count])
      } onChange: {
        changes &+= 1
      }
      reactor.send(.increment)
    }
    sink(changes)
  case "property-other":
    // Per-property tracking: another property changes (compared, onChange does not fire).
    let reactor = CounterReactor()
    nonisolated(unsafe) var changes = 0
    withObservationTracking {
      sink(reactor[\.title])
    } onChange: {
      changes &+= 1
    }
    for _ in 0..<count { reactor.send(.increment) }
    sink(changes)
  case "navigate":
    // The flow floor: the flow's navigate(to:) called directly (a push and a pop per count).
    let window = Window()
    let flow = StackFlow()
    window.rootViewController = flow.navigation
    for _ in 0..<count {
      sink(flow.navigate(to: BenchStep.push))
      sink(flow.navigate(to: BenchStep.pop))
    }
  case "steps":
    // The same navigation, each step through FlowCoordinator.
    let window = Window()
    let flow = StackFlow()
    window.rootViewController = flow.navigation
    let stepper = NoneStepper()
    let coordinator = FlowCoordinator()
    coordinator.coordinate(flow: flow, with: stepper)
    for _ in 0..<count {
      stepper.steps.accept(BenchStep.push)
      stepper.steps.accept(BenchStep.pop)
    }
    sink(coordinator)
  case "action-recorded":
    // The `action` workload with the reactor recorded into a ring buffer of 10,000 entries (an
    // app in the field): each action and its mutation kept as values, nothing formatted.
    let reactor = CounterReactor()
    let recorder = JournalRecorder(keepingLast: 10_000)
    reactor.record(into: recorder, as: JournalSource.app.appending("CounterReactor"))
    var seen = 0
    let subscription = reactor.observe(\.count) { seen = $0 }
    for _ in 0..<count { reactor.send(.increment) }
    sink(seen)
    sink(recorder.journal.count)
    subscription.dispose()
  case "steps-recorded":
    // The `steps` workload with the coordinator recorded into a ring buffer of 10,000 entries:
    // each step, its will/did-navigate.
    let window = Window()
    let flow = StackFlow()
    window.rootViewController = flow.navigation
    let stepper = NoneStepper()
    let coordinator = FlowCoordinator()
    let recorder = JournalRecorder(keepingLast: 10_000)
    coordinator.record(into: recorder)
    coordinator.coordinate(flow: flow, with: stepper)
    for _ in 0..<count {
      stepper.steps.accept(BenchStep.push)
      stepper.steps.accept(BenchStep.pop)
    }
    sink(coordinator)
    sink(recorder.journal.count)
  case "observable-read":
    // The read's floor: a plain @Observable property read outside any tracking.
    let model = Model()
    for _ in 0..<count { sink(model.value) }
  case "observable":
    let model = ObservableCounter()
    nonisolated(unsafe) var changes = 0
    for _ in 0..<count {
      withObservationTracking {
        sink(model.state.count)
      } onChange: {
        changes &+= 1
      }
      model.state = reduceState(model.state, .increment)
    }
    sink(changes)
  case "hop":
    // The asynchronous floor: a task on the main actor that reduces, awaited.
    runAsync {
      var state = CounterState()
      for _ in 0..<count {
        state = await Task { @MainActor [state] in reduceState(state, .increment) }.value
      }
      sink(state.count)
    }
  case "round-trip":
    // An action whose `.run` sends one mutation, awaited until the reactor is idle.
    runAsync {
      let reactor = LaterCounterReactor()
      var seen = 0
      let subscription = reactor.observe(\.count) { seen = $0 }
      for _ in 0..<count {
        reactor.send(.incrementLater)
        await reactor.store.waitUntilIdle()
      }
      sink(seen)
      subscription.dispose()
    }
  case "diagnostics":
    // Not a cost: binding ReactorFlowDiagnostics.handler in an optimized build (a task-local of a
    // function type crashed Swift 6.3 on Linux there; the handler is a struct now).
    let received = Counter()
    for index in 0..<count {
      ReactorFlowDiagnostics.$handler.withValue(.init { _ in received.add() }) {
        ReactorFlowDiagnostics.emit("diagnostic \(index)")
      }
    }
    print("diagnostics received: \(received.value)")
  default:
    print("unknown workload \(arguments[1])")
    exit(2)
  }
}
