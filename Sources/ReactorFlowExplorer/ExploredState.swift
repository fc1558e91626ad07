/// A distinct navigation state the explorer reached.
public struct ExploredState: Sendable, Hashable {
  /// Its number, in the order states were reached (breadth first): `0` is the launch.
  public let id: Int
  /// The canonical tree (``Exploration/state``); with the inputs offered there, it identifies
  /// the state (a list with rows and the same list empty are two states).
  public let tree: String
  /// A short name: the titles of the top screen's stack, and what presents it.
  public let label: String
  /// The flow that shows the top screen.
  public let flow: String
  /// The shortest path from launch.
  public let path: [ExplorationInput]
  /// Whether it is an end (``ExplorableScreen/isTerminal`` or ``Exploration/isTerminal``).
  public let isTerminal: Bool
  /// Whether its inputs were tried (`false` past the depth or state limit).
  public let isExpanded: Bool
}

/// An input that leads from one state to another (or to itself).
public struct ExploredTransition: Sendable, Hashable {
  /// The state it starts from.
  public let from: Int
  /// The input.
  public let input: ExplorationInput
  /// The state it leads to.
  public let to: Int
}
