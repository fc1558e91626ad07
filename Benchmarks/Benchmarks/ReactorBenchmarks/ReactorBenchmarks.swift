import Benchmark
import ReactorFlow

// Every figure is read as a ratio to the floor measured in the same run: a plain `reduce` on
// the same State struct. `ratios.sh` prints the ratios.

/// The State of every benchmark: a few fields of different kinds, like a real screen's state.
struct CounterState {
  var count = 0
  var secondary = 0
  var unchanged = 0
  var title = "Counter"
  var isLoading = false
  var items: [Int] = []
}

enum CounterAction {
  case increment
  case secondary
}

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

  func reduce(state: CounterState, mutation: CounterAction) -> CounterState {
    reduceState(state, mutation)
  }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .mallocCountTotal],
    timeUnits: .nanoseconds,
    warmupIterations: 3,
    scalingFactor: .mega,
    maxDuration: .seconds(3),
    maxIterations: 20
  )

  Benchmark("floor: plain reduce") { benchmark in
    var state = CounterState()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      state = reduceState(state, .increment)
      blackHole(state.count)
    }
  }

  // Reactors run on the main actor: each benchmark hops there once, then measures only its loop.
  // `Benchmark` is not Sendable, so it is handed over unchecked (one task uses it at a time).
  Benchmark("action, one observer") { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
      let reactor = CounterReactor()
      var seen = 0
      let subscription = reactor.observe(\.count) { seen = $0 }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        reactor.send(.increment)
      }
      benchmark.stopMeasurement()
      blackHole(seen)
      subscription.dispose()
    }
  }

  Benchmark("action, re-entrant (observer sends a second action)") { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
      let reactor = CounterReactor()
      let subscription = reactor.observe(\.count) { _ in reactor.send(.secondary) }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        reactor.send(.increment)
      }
      benchmark.stopMeasurement()
      blackHole(reactor.store)
      subscription.dispose()
    }
  }

  Benchmark("action, 100 key-path observers, one sees the change") { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
      let reactor = CounterReactor()
      var seen = 0
      let bag = DisposeBag()
      reactor.observe(\.count) { seen = $0 }.disposed(by: bag)
      for _ in 0..<99 {
        reactor.observe(\.unchanged) { seen &+= $0 }.disposed(by: bag)
      }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        reactor.send(.increment)
      }
      benchmark.stopMeasurement()
      blackHole(seen)
      bag.dispose()
    }
  }
}
