import Benchmark
import ReactorFlow
import ReactorFlowHeadless

// The floor is a direct call of the flow's navigate(to:) doing the same navigation on the same
// headless stack; `ratios.sh` prints the coordinator's cost as a ratio to it.

enum BenchStep: Step {
  case push
  case pop
  case startChild
  case end
}

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

/// Starts a child flow per `.startChild`; each child ends itself on `.end`.
final class ParentFlow: Flow {
  let navigation = NavigationStack(rootViewController: Screen(title: "Root"))
  var root: Presentable { navigation }
  var lastChildStepper: NoneStepper?

  func navigate(to step: Step) -> FlowContributors {
    guard case .startChild = step as? BenchStep else { return .none }
    let stepper = NoneStepper()
    lastChildStepper = stepper
    return .one(flowContributor: .contribute(withNextPresentable: ChildFlow(), withNextStepper: stepper))
  }
}

final class ChildFlow: Flow {
  nonisolated(unsafe) static var live = 0
  let screen = Screen(title: "Child")
  var root: Presentable { screen }
  init() { Self.live += 1 }
  deinit { Self.live -= 1 }

  func navigate(to step: Step) -> FlowContributors {
    guard case .end = step as? BenchStep else { return .none }
    return .end(forwardToParentFlowWithStep: NoneStep())
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 3,
    scalingFactor: .kilo,
    maxDuration: .seconds(3),
    maxIterations: 50
  )

  // Each iteration is two steps (push, pop), so the stack stays the same size.
  Benchmark("flow floor: direct navigate(to:), push + pop") { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
      let window = Window()
      let flow = StackFlow()
      window.rootViewController = flow.navigation
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        _ = flow.navigate(to: BenchStep.push)
        _ = flow.navigate(to: BenchStep.pop)
      }
      benchmark.stopMeasurement()
    }
  }

  Benchmark("flow: steps through FlowCoordinator, push + pop") { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
      let window = Window()
      let flow = StackFlow()
      window.rootViewController = flow.navigation
      let stepper = NoneStepper()
      let coordinator = FlowCoordinator()
      coordinator.coordinate(flow: flow, with: stepper)
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        stepper.steps.accept(BenchStep.push)
        stepper.steps.accept(BenchStep.pop)
      }
      benchmark.stopMeasurement()
      blackHole(coordinator)
    }
  }

  // The same ratio, interleaved: each sample alternates batches of direct push + pop with
  // batches through the coordinator (in alternating order), on two trees of the same shape, so
  // that both see the same machine; the sample is the ratio of the sums, in percent.
  Benchmark(
    "flow interleaved: steps through FlowCoordinator / direct navigate (percent)",
    configuration: .init(
      metrics: [.custom("coordinator / direct (%)")], scalingFactor: .one,
      maxDuration: .seconds(10), maxIterations: 30)
  ) { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run { interleavedFlowRatio(benchmark) }
  }

  Benchmark(
    "flow: 10,000 child flows started and ended",
    configuration: .init(
      metrics: [.wallClock, .mallocFreeDelta, .peakMemoryResidentDelta, .custom("live child flows")],
      timeUnits: .milliseconds, warmupIterations: 1, scalingFactor: .one, maxIterations: 10)
  ) { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
      let flow = ParentFlow()
      let stepper = NoneStepper()
      let coordinator = FlowCoordinator()
      coordinator.coordinate(flow: flow, with: stepper)
      benchmark.startMeasurement()
      for _ in 0..<10_000 {
        stepper.steps.accept(BenchStep.startChild)
        flow.lastChildStepper?.steps.accept(BenchStep.end)
      }
      flow.lastChildStepper = nil
      benchmark.stopMeasurement()
      benchmark.measurement(.custom("live child flows"), ChildFlow.live)
      blackHole(coordinator)
    }
  }
}

/// Alternates 100 batches of 100 direct push + pop pairs with 100 batches through a coordinator,
/// on two windows of the same shape; records the ratio of the sums, in percent.
@MainActor
func interleavedFlowRatio(_ benchmark: Benchmark) {
  let directWindow = Window()
  let direct = StackFlow()
  directWindow.rootViewController = direct.navigation
  let coordinatedWindow = Window()
  let coordinated = StackFlow()
  coordinatedWindow.rootViewController = coordinated.navigation
  let stepper = NoneStepper()
  let coordinator = FlowCoordinator()
  coordinator.coordinate(flow: coordinated, with: stepper)
  let clock = ContinuousClock()
  var directTime = Duration.zero
  var coordinatedTime = Duration.zero
  func timeDirect() {
    let start = clock.now
    for _ in 0..<100 {
      blackHole(direct.navigate(to: BenchStep.push))
      blackHole(direct.navigate(to: BenchStep.pop))
    }
    directTime += clock.now - start
  }
  func timeCoordinated() {
    let start = clock.now
    for _ in 0..<100 {
      stepper.steps.accept(BenchStep.push)
      stepper.steps.accept(BenchStep.pop)
    }
    coordinatedTime += clock.now - start
  }
  for batch in 0..<100 {
    if batch.isMultiple(of: 2) {
      timeDirect()
      timeCoordinated()
    } else {
      timeCoordinated()
      timeDirect()
    }
  }
  benchmark.measurement(.custom("coordinator / direct (%)"), Int(100 * (coordinatedTime / directTime)))
  blackHole(coordinator)
}
