/// A small deterministic random number generator (SplitMix64) for fuzz and model-based tests:
/// the same starting value gives the same sequence on every platform, so a failing run replays
/// exactly.
///
/// ```swift
/// var random = SplitMix64(startingAt: 42)
/// let operation = Int.random(in: 0..<4, using: &random)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose sequence is determined by its starting value: the same `start`, the same
  /// sequence.
  public init(startingAt start: UInt64) { state = start }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `0..<bound` (`bound` must be positive).
  public mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
