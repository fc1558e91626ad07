// The two journeys `docs/ARCHITECTURE.md` counts, as a plain program for `scripts/journeys.sh`:
// `Journeys action` or `Journeys step`. Each runs between `journeyBegins()` and `journeyEnds()`,
// which the tracer watches for (callgrind zeroes its counts on entering the first and writes them
// out on entering the second). A journey ends inside the callback that shows it is over, so what
// runs after it is not counted. It exits 1 if the journey did not end as described.
import Foundation
import ReactorFlow
import ReactorFlowHeadless

/// Entered as a journey starts; the tracer zeroes its counts here.
@inline(never)
func journeyBegins() { marker &+= 1 }

/// Entered the moment a journey is over; the tracer writes out its counts here.
@inline(never)
func journeyEnds() { marker &+= 1 }

/// Keeps the markers from being folded away.
nonisolated(unsafe) var marker = 0
/// Whether this run of the journey is the one measured: each journey runs once before, with
/// objects of its own, so that what the process does once (its first main-thread check, a
/// type's first use) is not counted as the journey's.
nonisolated(unsafe) var isMeasured = false

/// `send(.load)`, whose `mutate` returns `.run { send in await send(.a); await send(.b) }`.
final class JourneyReactor: Reactor {
  enum Action: Sendable { case load }
  enum Mutation: Sendable, Equatable { case a, b }
  struct State: Equatable { var last: Mutation? }

  let initialState = State()
  let store = ReactorStore<JourneyReactor>()

  func mutate(action: Action) -> Effect<Mutation> {
    .run { send in
      await send(.a)
      await send(.b)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State { State(last: mutation) }
}

enum JourneyStep: Step { case detail }

/// Pushes a detail screen and contributes it with a stepper of its own.
final class JourneyFlow: Flow {
  let navigation = NavigationStack(rootViewController: Screen(title: "Root"))
  var root: Presentable { navigation }
  var onConnected: (@MainActor () -> Void)?

  func navigate(to step: Step) -> FlowContributors {
    guard step is JourneyStep else { return .none }
    let screen = Screen(title: "Detail")
    navigation.pushViewController(screen)
    let stepper = DetailStepper(onReady: onConnected)
    return .one(flowContributor: .contribute(withNextPresentable: screen, withNextStepper: stepper))
  }
}

/// The contributed stepper: the coordinator has connected it once it asks for its steps.
final class DetailStepper: Stepper {
  let steps = PublishRelay<Step>()
  let onReady: (@MainActor () -> Void)?
  init(onReady: (@MainActor () -> Void)?) { self.onReady = onReady }
  func readyToEmitSteps() {
    if isMeasured { journeyEnds() }
    onReady?()
  }
}

/// An asynchronous action, until the observers saw `.b`.
@MainActor
func asynchronousAction() async -> Bool {
  let reactor = JourneyReactor()
  var seen: [JourneyReactor.Mutation] = []
  var subscription: AnyDisposable?
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    subscription = reactor.observe(\.last) { last in
      guard let last else { return }
      seen.append(last)
      if last == .b {
        if isMeasured { journeyEnds() }
        done.resume()
      }
    }
    if isMeasured { journeyBegins() }
    reactor.send(.load)
  }
  subscription?.dispose()
  return seen == [.a, .b]
}

/// A step, until `navigate(to:)` ran and its contribution is connected.
@MainActor
func step() async -> Bool {
  let window = Window()
  let flow = JourneyFlow()
  window.rootViewController = flow.navigation
  let stepper = NoneStepper()
  let coordinator = FlowCoordinator()
  coordinator.coordinate(flow: flow, with: stepper)
  await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
    flow.onConnected = { done.resume() }
    if isMeasured { journeyBegins() }
    stepper.steps.accept(JourneyStep.detail)
  }
  defer { withExtendedLifetime((window, coordinator)) {} }
  return flow.navigation.viewControllers.count == 2
}

// The main thread runs the main queue itself (a run loop) rather than through `dispatch_main`,
// whose signal thread valgrind 3.19 cannot follow.
let journey = CommandLine.arguments.dropFirst().first ?? ""
guard journey == "action" || journey == "step" else {
  print("usage: Journeys action|step")
  exit(64)
}
var ended: Bool?
Task { @MainActor in
  let run = journey == "action" ? asynchronousAction : step
  let warmedUp = await run()
  isMeasured = true
  ended = await run() && warmedUp
}
while ended == nil { _ = RunLoop.main.run(mode: .default, before: .distantFuture) }
if ended != true {
  print("the \(journey) journey did not end as described")
  exit(1)
}
