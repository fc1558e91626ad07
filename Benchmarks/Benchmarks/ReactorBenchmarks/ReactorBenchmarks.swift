import Benchmark
import Observation
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

enum CounterAction: Sendable {
  case increment
  case secondary
  /// The same increment, from asynchronous work (a `.run` effect).
  case incrementLater
}

@inline(never)
func reduceState(_ state: CounterState, _ mutation: CounterAction) -> CounterState {
  var newState = state
  switch mutation {
  case .increment: newState.count &+= 1
  case .secondary: newState.secondary &+= 1
  case .incrementLater: newState.count &+= 1
  }
  return newState
}

final class CounterReactor: Reactor {
  typealias Action = CounterAction
  typealias State = CounterState
  let initialState = CounterState()
  let store = ReactorStore<CounterReactor>()

  func mutate(action: CounterAction) -> Effect<CounterAction> {
    switch action {
    case .incrementLater: .run { send in await send(.increment) }
    default: .just(action)
    }
  }

  func reduce(state: CounterState, mutation: CounterAction) -> CounterState {
    reduceState(state, mutation)
  }
}

/// The floor of the SwiftUI pattern: Observation's own cost on a plain `@Observable` model.
@MainActor
@Observable
final class ObservableCounter {
  var state = CounterState()
}

/// The floor of the asynchronous round trip: the same reduce, hopped to the main actor in a
/// task and awaited, with no reactor.
@MainActor
final class BareState {
  var state = CounterState()
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
    await MainActor.run { reentrantActions(benchmark, thenRead: false) }
  }

  Benchmark("action, 100 key-path observers, one sees the change") { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run { hundredObservers(benchmark, thenRead: false) }
  }

  // Issue 14's third and fourth rows: the same two workloads, each action followed by a read.
  Benchmark("action, 100 key-path observers, then currentState read") { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run { hundredObservers(benchmark, thenRead: true) }
  }

  Benchmark("action, re-entrant, then currentState read") { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run { reentrantActions(benchmark, thenRead: true) }
  }

  // The path apps take: a view (or a test) reads `currentState` after each action, which arms
  // Observation; from then on every change goes through the Observation registrar.
  Benchmark("action, one observer, then currentState read") { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
      let reactor = CounterReactor()
      var seen = 0
      let subscription = reactor.observe(\.count) { seen = $0 }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        reactor.send(.increment)
        blackHole(reactor.currentState.count)
      }
      benchmark.stopMeasurement()
      blackHole(seen)
      subscription.dispose()
    }
  }

  // SwiftUI's pattern: a view body reads the state inside `withObservationTracking`; the change
  // fires `onChange` once, and the next body evaluation tracks again.
  Benchmark(
    "SwiftUI pattern: tracked read re-armed after each change",
    configuration: .init(scalingFactor: .kilo)
  ) { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
      let reactor = CounterReactor()
      nonisolated(unsafe) var changes = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        withObservationTracking {
          blackHole(reactor.currentState.count)
        } onChange: {
          changes &+= 1
        }
        reactor.send(.increment)
      }
      benchmark.stopMeasurement()
      blackHole(changes)
    }
  }

  // Per-property tracking: a view reads one field with `reactor[\.count]`; that field changes.
  Benchmark(
    "SwiftUI per-property: tracked field read re-armed after each change",
    configuration: .init(scalingFactor: .kilo)
  ) { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
      let reactor = CounterReactor()
      nonisolated(unsafe) var changes = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        withObservationTracking {
          blackHole(reactor[\.count])
        } onChange: {
          changes &+= 1
        }
        reactor.send(.increment)
      }
      benchmark.stopMeasurement()
      blackHole(changes)
    }
  }

  // Per-property tracking: a view reads `title`; every action changes another field, which is
  // compared and does not invalidate the view.
  Benchmark("action while another field is tracked (no invalidation)") { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
      let reactor = CounterReactor()
      nonisolated(unsafe) var changes = 0
      withObservationTracking {
        blackHole(reactor[\.title])
      } onChange: {
        changes &+= 1
      }
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        reactor.send(.increment)
      }
      benchmark.stopMeasurement()
      blackHole(changes)
    }
  }

  Benchmark(
    "SwiftUI floor: @Observable model, tracked read re-armed after each change",
    configuration: .init(scalingFactor: .kilo)
  ) { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await MainActor.run {
      let model = ObservableCounter()
      nonisolated(unsafe) var changes = 0
      benchmark.startMeasurement()
      for _ in benchmark.scaledIterations {
        withObservationTracking {
          blackHole(model.state.count)
        } onChange: {
          changes &+= 1
        }
        model.state = reduceState(model.state, .increment)
      }
      benchmark.stopMeasurement()
      blackHole(changes)
    }
  }

  // Asynchronous round trip: a `.run` effect's mutation reduced on the main actor and observed,
  // awaited; its floor is the same work hopped to the main actor in a task and awaited.
  Benchmark("async floor: bare hop to the main actor", configuration: .init(scalingFactor: .kilo)) {
    benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await bareHops(benchmark)
  }

  Benchmark(
    "async floor: off the main actor and back", configuration: .init(scalingFactor: .kilo)
  ) { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await offMainAndBack(benchmark)
  }

  Benchmark(
    "async round trip: .run effect, mutation reduced and observed",
    configuration: .init(scalingFactor: .kilo)
  ) { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await roundTrips(benchmark)
  }

  // The same ratios, interleaved: each iteration alternates a round trip with a bare hop (and
  // with the trip off the main actor and back), so that both see the same machine — a hop's
  // cost here is mostly how fast a sleeping thread wakes, which drifts over seconds.
  Benchmark(
    "async interleaved: round trip / bare hop (percent)",
    configuration: .init(
      metrics: [.custom("round trip / bare hop (%)"), .custom("round trip / off and back (%)")],
      scalingFactor: .one, maxDuration: .seconds(10), maxIterations: 30)
  ) { benchmark async in
    nonisolated(unsafe) let benchmark = benchmark
    await interleavedRatios(benchmark)
  }
}

/// Actions whose observer sends a second action (queued, handled before `send` returns); with
/// `thenRead`, each followed by a `currentState` read.
@MainActor
func reentrantActions(_ benchmark: Benchmark, thenRead: Bool) {
  let reactor = CounterReactor()
  let subscription = reactor.observe(\.count) { _ in reactor.send(.secondary) }
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    reactor.send(.increment)
    if thenRead { blackHole(reactor.currentState.secondary) }
  }
  benchmark.stopMeasurement()
  blackHole(reactor.store)
  subscription.dispose()
}

/// Actions seen by one key-path observer of 100 (99 watch a field that never changes); with
/// `thenRead`, each followed by a `currentState` read.
@MainActor
func hundredObservers(_ benchmark: Benchmark, thenRead: Bool) {
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
    if thenRead { blackHole(reactor.currentState.count) }
  }
  benchmark.stopMeasurement()
  blackHole(seen)
  bag.dispose()
}

/// The round trips, from the main actor as a view would start them: `send` returns at once, then
/// the test waits for the mutation to be reduced.
@MainActor
func roundTrips(_ benchmark: Benchmark) async {
  let reactor = CounterReactor()
  var seen = 0
  let subscription = reactor.observe(\.count) { seen = $0 }
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    reactor.send(.incrementLater)
    await reactor.store.waitUntilIdle()
  }
  benchmark.stopMeasurement()
  blackHole(seen)
  subscription.dispose()
}

/// Times, alternately and in alternating order, a round trip, a bare hop, and a hop off the main
/// actor and back; records each ratio of the sums, in percent.
@MainActor
func interleavedRatios(_ benchmark: Benchmark) async {
  let reactor = CounterReactor()
  var seen = 0
  let subscription = reactor.observe(\.count) { seen = $0 }
  let bare = BareState()
  let clock = ContinuousClock()
  var trip = Duration.zero
  var hop = Duration.zero
  var offAndBack = Duration.zero
  func timeTrip() async {
    let start = clock.now
    reactor.send(.incrementLater)
    await reactor.store.waitUntilIdle()
    trip += clock.now - start
  }
  func timeHop() async {
    let start = clock.now
    await Task { @MainActor in bare.state = reduceState(bare.state, .increment) }.value
    hop += clock.now - start
  }
  func timeOffAndBack() async {
    let start = clock.now
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Task.detached {
        Task { @MainActor in
          bare.state = reduceState(bare.state, .increment)
          done.resume()
        }
      }
    }
    offAndBack += clock.now - start
  }
  for round in 0..<1_000 {
    if round.isMultiple(of: 2) {
      await timeTrip()
      await timeHop()
      await timeOffAndBack()
    } else {
      await timeOffAndBack()
      await timeHop()
      await timeTrip()
    }
  }
  benchmark.measurement(.custom("round trip / bare hop (%)"), Int(100 * (trip / hop)))
  benchmark.measurement(.custom("round trip / off and back (%)"), Int(100 * (trip / offAndBack)))
  blackHole(seen)
  subscription.dispose()
}

/// The floor of the round trip: the same reduce hopped to the main actor in a task and awaited,
/// from the main actor, with no reactor.
@MainActor
func bareHops(_ benchmark: Benchmark) async {
  let bare = BareState()
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    await Task { @MainActor in
      bare.state = reduceState(bare.state, .increment)
    }.value
  }
  benchmark.stopMeasurement()
  blackHole(bare.state.count)
}

/// A task off the main actor that hands the same reduce to the main actor, awaited from the main
/// actor, with no reactor: the two thread switches a `.run` effect made while its operation ran
/// off the main actor (before issue 14; it now runs on the main actor and makes neither).
@MainActor
func offMainAndBack(_ benchmark: Benchmark) async {
  let bare = BareState()
  benchmark.startMeasurement()
  for _ in benchmark.scaledIterations {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      Task.detached {
        Task { @MainActor in
          bare.state = reduceState(bare.state, .increment)
          done.resume()
        }
      }
    }
  }
  benchmark.stopMeasurement()
  blackHole(bare.state.count)
}
