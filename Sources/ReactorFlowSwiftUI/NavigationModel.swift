import Observation
import ReactorFlow
import ReactorFlowHeadless

/// What the SwiftUI container (`FlowView`) renders: a window's headless screen tree — the one
/// flows drive — as a tree of ``ScreenNode`` values, and the user's navigation gestures turned
/// into changes of that tree.
///
/// The screen tree stays the single source of truth, so that a flow behaves the same under
/// UIKit, SwiftUI and the terminal: a push in a flow appears in the SwiftUI path; a back
/// gesture (SwiftUI shortens the path) pops the screens from the stack, which dismisses them
/// and ends what they contributed, as a pop does in UIKit; a sheet swiped down dismisses the
/// modal screen; a tab tapped selects it. ``root`` is tracked by Swift's Observation and changes
/// after every change of the tree.
@MainActor
public final class NavigationModel: Observable {
  /// The window whose tree is shown.
  public let window: ReactorFlowHeadless.Window
  private let registrar = ObservationRegistrar()
  private var snapshot: ScreenNode?
  private var screens: [ScreenID: Screen] = [:]
  private var nodes: [ScreenID: ScreenNode] = [:]
  private let subscription: AnyDisposable
  private let link: Link

  /// Reaches the model from the window's change handler without keeping it alive.
  private final class Link {
    weak var model: NavigationModel?
  }

  /// A model of `window`'s tree, updated after each of its changes.
  public init(window: ReactorFlowHeadless.Window) {
    self.window = window
    let link = Link()
    self.link = link
    subscription = window.onChange { link.model?.treeDidChange() }
    link.model = self
    rebuild()
  }

  deinit {
    subscription.dispose()
  }

  /// The tree shown now: the window's root (`nil` when the window has none).
  public var root: ScreenNode? {
    registrar.access(self, keyPath: \.root)
    return snapshot
  }

  /// The node of the screen `id` in the tree shown now (for a navigation destination).
  public func node(_ id: ScreenID) -> ScreenNode? {
    registrar.access(self, keyPath: \.root)
    return nodes[id]
  }

  /// The screen `id`, while it is in the tree.
  public func screen(_ id: ScreenID) -> Screen? { screens[id] }

  // MARK: - The user's gestures

  /// SwiftUI set the path of the stack `stack` (the user went back): pops the stack's screens
  /// after the last one of `path`. A path that is not a prefix of the stack's is ignored —
  /// screens are pushed by flows, not by SwiftUI.
  public func setPath(_ path: [ScreenID], ofStack stack: ScreenID) {
    guard let navigation = screens[stack] as? ReactorFlowHeadless.NavigationStack else { return }
    let pushed = navigation.viewControllers.dropFirst().map(ScreenID.init)
    guard path.count < pushed.count, Array(pushed.prefix(path.count)) == path else { return }
    if let last = path.last, let target = screens[last] {
      _ = navigation.popToViewController(target)
    } else {
      _ = navigation.popToRootViewController()
    }
  }

  /// SwiftUI set the selection of the tabs `tabs` (the user tapped a tab).
  public func select(_ index: Int, inTabs tabs: ScreenID) {
    guard let tabBar = screens[tabs] as? TabBar, tabBar.selectedIndex != index,
      tabBar.viewControllers.indices.contains(index)
    else { return }
    tabBar.select(index)
  }

  /// SwiftUI dismissed the modal `presented` shown over `presenter` (the user swiped the sheet
  /// down): dismisses it in the tree, unless it is no longer there.
  public func dismissModal(_ presented: ScreenID, presentedBy presenter: ScreenID) {
    guard let presenting = screens[presenter], let modal = presenting.presentedScreen,
      ScreenID(modal) == presented
    else { return }
    presenting.dismiss()
  }

  // MARK: - Building the tree

  private func treeDidChange() {
    registrar.willSet(self, keyPath: \.root)
    rebuild()
    registrar.didSet(self, keyPath: \.root)
  }

  private func rebuild() {
    screens.removeAll(keepingCapacity: true)
    nodes.removeAll(keepingCapacity: true)
    snapshot = window.rootViewController.map(makeNode)
  }

  private func makeNode(_ screen: Screen) -> ScreenNode {
    let id = ScreenID(screen)
    screens[id] = screen
    let kind: ScreenNode.Kind
    if let navigation = screen as? ReactorFlowHeadless.NavigationStack {
      let children = navigation.viewControllers.map(makeNode)
      kind = .stack(root: children.first, path: Array(children.dropFirst()))
    } else if let tabBar = screen as? TabBar {
      kind = .tabs(tabBar.viewControllers.map(makeNode), selected: tabBar.selectedIndex)
    } else {
      kind = .screen
    }
    let presented = screen.presentedScreen.map(makeNode)
    let node = ScreenNode(
      id: id, title: screen.title, kind: kind, presented: presented,
      presentation: screen.presentedScreen.map { ModalPresentation($0.modalPresentationStyle) })
    nodes[id] = node
    return node
  }
}
