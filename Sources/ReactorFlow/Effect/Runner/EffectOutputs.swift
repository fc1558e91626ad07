/// What a reactor's mutation runner does with the asynchronous parts of its effects, for a
/// journal: numbers each run that branches or goes asynchronous (in the order they do), tells
/// which run an element delivered from a started task belongs to (``current``: the store records
/// the element as that effect's output before reducing it), and — while effects are substituted
/// (see ``EffectSubstitution``) — does not start those parts at all.
///
/// A reactor's store has one, shared by its runners: its mutations', and each `transform`
/// hook's (``TransformPipeline`` numbers a hook's streams as one effect). A flow's adaptations
/// run without one (a replay drives them through the inputs it feeds).
@MainActor
final class EffectOutputs {
  /// The number the next run gets.
  private var nextNumber = 0
  /// The run whose asynchronous part is delivering now; `nil` while the runner walks an effect
  /// synchronously (what `mutate` returned, as it returned it).
  private(set) var current: Int?

  /// Numbers a run that starts.
  func number() -> Int {
    defer { nextNumber += 1 }
    return nextNumber
  }

  /// Runs `body` (work an operation, a timer or the walk after an operation resumes with) as a
  /// part of run `number`: what it emits is that run's output.
  func delivering(_ number: Int?, _ body: @MainActor () -> Void) {
    let outer = current
    current = number
    defer { current = outer }
    body()
  }

  /// Whether asynchronous parts are substituted now (read where one would start).
  var substitutes: Bool { EffectSubstitution.isOn }
}

/// Whether the asynchronous parts of reactors' effects start — a `.run` operation, an
/// `AsyncSequence` fed into an ``Effect``, a debounce, throttle or delay timer — or are
/// substituted: a replay delivers the outputs a journal recorded instead.
///
/// It is a task-local value, read where an asynchronous part would start: the reactors a replay
/// creates (in a flow's `navigate`, for a screen's load-time action, in a task that the replay's
/// task started) are in the mode before their first action, whoever creates them. The
/// synchronous parts of effects (`.send`, `.just`, what precedes the first asynchronous part)
/// run as usual; the walk of an effect stops at its first asynchronous part.
package enum EffectSubstitution {
  /// Whether effects' asynchronous parts are substituted in this task.
  @TaskLocal package static var isOn = false

  /// Runs `body` with effects' asynchronous parts substituted (not started).
  package static func substituting<T>(
    isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T
  ) async rethrows -> T {
    try await $isOn.withValue(true, operation: body)
  }
}
