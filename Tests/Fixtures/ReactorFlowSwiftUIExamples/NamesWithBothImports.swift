#if canImport(SwiftUI)
  // `import ReactorFlow` and `import SwiftUI` in one file, with the names both declare (`View`,
  // `Stepper`, `NavigationStack`). A module a file imports itself is not shadowed by the
  // adapter's declarations (measured with Swift 6.3): here every such name is spelled with its
  // module — `SwiftUI.View`, `ReactorFlow.Stepper`, `ReactorFlow.View`, `SwiftUI.Stepper`. The
  // other names (`Reactor`, `Text`, `Binding`…) need no prefix. This file compiles only if so.
  import ReactorFlow
  import ReactorFlowHeadless
  import ReactorFlowSwiftUI
  import SwiftUI

  /// A reactor that is also a stepper: spelled `ReactorFlow.Stepper`.
  final class BothImportsReactor: Reactor, ReactorFlow.Stepper {
    enum Action { case increase }
    struct State { var count = 0 }
    let initialState = State()
    let store = ReactorStore<BothImportsReactor>()
    let steps = PublishRelay<Step>()

    func reduce(state: State, mutation: Action) -> State {
      State(count: state.count + 1)
    }
  }

  /// A SwiftUI view, spelled `SwiftUI.View`; SwiftUI's control is `SwiftUI.Stepper`.
  struct BothImportsView: SwiftUI.View {
    let reactor: BothImportsReactor
    @State private var value = 0

    var body: some SwiftUI.View {
      SwiftUI.NavigationStack {
        VStack {
          Text("\(reactor[\.count])")
          SwiftUI.Stepper(value: $value) { Text("Value") }
        }
      }
    }
  }

  /// A UIKit-style bound view: ReactorFlow's protocol is `ReactorFlow.View`.
  final class BothImportsBoundView: ReactorFlow.View {
    var disposeBag = DisposeBag()
    @BindsReactor var reactor: BothImportsReactor?

    func bind(reactor: BothImportsReactor) {}
  }

  /// The headless stack is `ReactorFlowHeadless.NavigationStack`.
  @MainActor func makeHeadlessStackBothImports() -> ReactorFlowHeadless.NavigationStack {
    ReactorFlowHeadless.NavigationStack(title: "Headless")
  }
#endif
