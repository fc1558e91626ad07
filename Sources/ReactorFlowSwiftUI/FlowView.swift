#if canImport(SwiftUI)
  import ReactorFlow
  import ReactorFlowHeadless
  import SwiftUI

  /// A pure-SwiftUI container for the screen tree flows drive: it shows a `Window`
  /// — navigation stacks as `NavigationStack` paths, tab bars as a `TabView`, modal screens as
  /// sheets and full-screen covers — and turns the user's gestures (back, swipe down, tab tap)
  /// into changes of that tree. The same `Flow` drives UIKit, SwiftUI or the terminal.
  ///
  /// ```swift
  /// @main struct DiaryApp: App {
  ///   let window = Window()
  ///   let coordinator = FlowCoordinator()
  ///   init() { coordinator.coordinate(flow: AppFlow(window: window), with: AppStepper()) }
  ///   var body: some Scene { WindowGroup { FlowView(window: window) } }
  /// }
  /// ```
  ///
  /// A ``HostingScreen`` shows its SwiftUI view; any other screen is shown by `content` (by
  /// default, its text content).
  public struct FlowView<ScreenContent: View>: View {
    @State private var holder: ModelHolder
    private let content: (Screen) -> ScreenContent

    /// A container showing `window`'s tree, with `content` for screens that are not
    /// ``HostingScreen``s.
    public init(window: ReactorFlowHeadless.Window, @ViewBuilder content: @escaping (Screen) -> ScreenContent)
    {
      _holder = State(wrappedValue: ModelHolder(window))
      self.content = content
    }

    /// The window's root, or nothing when it has none.
    public var body: some View {
      let model = holder.model
      if let root = model.root {
        ScreenNodeView(node: root, model: model, content: content)
      }
    }
  }

  extension FlowView where ScreenContent == DefaultScreenContent {
    /// A container showing `window`'s tree; a screen that is not a ``HostingScreen`` shows its
    /// text content.
    public init(window: ReactorFlowHeadless.Window) {
      self.init(window: window) { DefaultScreenContent(screen: $0) }
    }
  }

  /// What ``FlowView`` shows for a screen that is not a ``HostingScreen``: its lines of text.
  public struct DefaultScreenContent: View {
    let lines: [String]

    init(screen: Screen) { lines = [screen.title] + screen.content }

    /// The screen's title, then its content, one line each.
    public var body: some View {
      VStack(alignment: .leading) {
        ForEach(lines.indices, id: \.self) { Text(lines[$0]) }
      }
    }
  }

  /// Makes the model once for the container's identity (SwiftUI re-makes the struct often).
  @MainActor
  final class ModelHolder {
    private let window: ReactorFlowHeadless.Window
    private var made: NavigationModel?

    init(_ window: ReactorFlowHeadless.Window) { self.window = window }

    var model: NavigationModel {
      if let made { return made }
      let model = NavigationModel(window: window)
      made = model
      return model
    }
  }

  /// One node of the tree and the modal it presents.
  struct ScreenNodeView<ScreenContent: View>: View {
    let node: ScreenNode
    let model: NavigationModel
    let content: (Screen) -> ScreenContent

    var body: some View {
      presentingModal(shown)
    }

    @ViewBuilder private var shown: some View {
      switch node.kind {
      case .screen:
        if let hosting = model.screen(node.id) as? HostingScreen {
          hosting.rootView
        } else if let screen = model.screen(node.id) {
          content(screen)
        }
      case .stack(let root, let path):
        SwiftUI.NavigationStack(path: pathBinding(path)) {
          if let root {
            child(root)
              .navigationDestination(for: ScreenID.self) { id in
                if let pushed = model.node(id) { child(pushed) }
              }
          }
        }
      case .tabs(let tabs, let selected):
        TabView(selection: selectionBinding(selected)) {
          ForEach(tabs.indices, id: \.self) { index in
            child(tabs[index])
              .tabItem { Text(tabs[index].title) }
              .tag(index)
          }
        }
      }
    }

    /// A child node (type-erased: the tree is recursive).
    private func child(_ node: ScreenNode) -> AnyView {
      AnyView(ScreenNodeView(node: node, model: model, content: content).navigationTitle(node.title))
    }

    private func pathBinding(_ path: [ScreenNode]) -> Binding<[ScreenID]> {
      let ids = path.map(\.id)
      let model = self.model
      let stack = node.id
      return Binding(get: { ids }, set: { model.setPath($0, ofStack: stack) })
    }

    private func selectionBinding(_ selected: Int) -> Binding<Int> {
      let model = self.model
      let tabs = node.id
      return Binding(get: { selected }, set: { model.select($0, inTabs: tabs) })
    }

    /// The modal binding for one presentation style (`nil`: any): the presented node while it is
    /// shown that way; SwiftUI's `nil` (swiped down) dismisses it in the tree.
    private func modalBinding(_ presentation: ModalPresentation?) -> Binding<ScreenNode?> {
      let shown = presentation == nil || node.modalPresentation == presentation ? node.presented : nil
      let model = self.model
      let presenter = node.id
      return Binding(
        get: { shown },
        set: { newValue in
          if newValue == nil, let shown { model.dismissModal(shown.id, presentedBy: presenter) }
        })
    }

    private func presentingModal<Content: View>(_ view: Content) -> some View {
      #if os(macOS)
        // macOS has no full-screen cover: every modal is a sheet.
        return view.sheet(item: modalBinding(nil)) { child($0) }
      #else
        return
          view
          .sheet(item: modalBinding(.sheet)) { child($0) }
          .fullScreenCover(item: modalBinding(.fullScreenCover)) { child($0) }
      #endif
    }
  }
#endif
