import ReactorFlow

extension NavigationRestoration {
  /// Where a restoration is.
  public enum Status: Sendable, Equatable, CustomStringConvertible {
    /// Inputs are left to feed: ``NavigationRestoration/restore(settle:)`` goes on.
    case ready
    /// Stopped at a gate, reached by the journal's entry at `index`: the user goes on from it.
    /// Once the app takes the way through the journal recorded after the gate (a step that
    /// `RestorationGate.passesRestorationGate`), ``NavigationRestoration/restore(settle:)`` goes on
    /// from there.
    case atGate(index: Int, gate: String)
    /// Every navigation input of the journal was restored.
    case finished
    /// An input could not be restored; nothing after it was fed.
    case failed(JournalDivergence)
    /// ``NavigationRestoration/cancel()`` ended it.
    case cancelled

    /// `stopped at the gate pinIsRequired (entry 12)`, `finished`…
    public var description: String {
      switch self {
      case .ready: return "ready"
      case .atGate(let index, let gate):
        return "stopped at the gate \(ReactorFlowDiagnostics.escaped(gate)) (entry \(index))"
      case .finished: return "finished"
      case .failed(let divergence): return "failed: \(divergence)"
      case .cancelled: return "cancelled"
      }
    }

    /// Whether restoration has ended: finished, failed or cancelled.
    public var hasEnded: Bool {
      switch self {
      case .ready, .atGate: return false
      case .finished, .failed, .cancelled: return true
      }
    }
  }
}
