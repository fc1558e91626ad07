import Observation

/// Tells whether a `currentState` read is being tracked — by `withObservationTracking` or a
/// SwiftUI view — so that a read nothing tracks does not make the next change of the state pay
/// for telling Observation about it.
///
/// The member the store reports to Observation for the whole state is a key path with a probe as
/// its argument.
/// Observation records a tracked read by adding the key path to a set, which hashes it, and its
/// argument with it: the probe's `hashValue` (what a key path asks of its argument) and its
/// `hash(into:)` raise the flag. A read outside any tracking only
/// checks that nothing tracks (Observation's own access check) and hashes nothing. Observation
/// also hashes these key paths when the store reports a change, so the flag is lowered before
/// each read and looked at right after it.
///
/// Reads and changes happen on the main actor, and so do the hashes that follow them: the flag
/// lives in a ``MainActorCell``. Whether Observation hashes on a tracked read at all is checked
/// once (``isReliable``); if it did not, every read would count as tracked, as if there were no
/// probe.
@usableFromInline
struct ObservationProbe: Hashable {
  @usableFromInline let flag: MainActorCell<Bool>

  @usableFromInline init(_ flag: MainActorCell<Bool>) {
    self.flag = flag
  }

  @usableFromInline
  static func == (lhs: ObservationProbe, rhs: ObservationProbe) -> Bool {
    lhs.flag === rhs.flag
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    flag.value = true
    hasher.combine(ObjectIdentifier(flag))
  }

  /// What a key path hashes of its subscript argument: a constant (equal probes have equal hash
  /// values), so that each of the several hashes Observation makes of the member's key path per
  /// tracked read and change costs no hasher of its own; a key path leaves a zero out of its hash.
  /// Only one store's key paths share a set or a table in Observation (they are kept per
  /// registrar), so the constant costs no collisions.
  @usableFromInline
  var hashValue: Int {
    flag.value = true
    return 0
  }

  /// Whether a tracked read hashes the key path (checked once, with a tracked read of a probe).
  static let isReliable: Bool = {
    let subject = ProbedSubject()
    let flag = MainActorCell(false)
    let keyPath = \ProbedSubject.[probe: ObservationProbe(flag)]
    withObservationTracking {
      subject.registrar.access(subject, keyPath: keyPath)
    } onChange: {
    }
    return flag.value
  }()
}

/// The subject of ``ObservationProbe/isReliable``'s check.
private final class ProbedSubject: Observable {
  let registrar = ObservationRegistrar()
  subscript(probe probe: ObservationProbe) -> Int { 0 }
}
