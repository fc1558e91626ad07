#if canImport(SwiftUI)
  // The recommended import in a SwiftUI file: `import ReactorFlowSwiftUI` alone (it re-exports
  // ReactorFlow and SwiftUI). Both declare `View` and `Stepper`; ReactorFlowSwiftUI imports both
  // and declares its own (`View` = SwiftUI's, `Stepper` = ReactorFlow's), which shadow theirs
  // here: both names resolve with no module prefix. This file compiles only if that holds.
  import ReactorFlowSwiftUI

  /// A reactor that is also a stepper: `Stepper` is ReactorFlow's.
  final class CoexistReactor: Reactor, Stepper {
    enum Action { case increase }
    struct State { var count = 0 }
    let initialState = State()
    let store = ReactorStore<CoexistReactor>()
    let steps = PublishRelay<Step>()

    func reduce(state: State, mutation: Action) -> State {
      State(count: state.count + 1)
    }
  }

  /// A SwiftUI view: `View` is SwiftUI's; SwiftUI's control is `SwiftUI.Stepper`.
  struct CoexistView: View {
    let reactor: CoexistReactor
    @State private var value = 0

    var body: some View {
      SwiftUI.NavigationStack {
        VStack {
          Text("\(reactor[\.count])")
          SwiftUI.Stepper(value: $value) { Text("Value") }
        }
      }
    }
  }

  /// A UIKit-style bound view: ReactorFlow's protocol is `ReactorFlow.View`.
  final class CoexistBoundView: ReactorFlow.View {
    var disposeBag = DisposeBag()
    @BindsReactor var reactor: CoexistReactor?

    func bind(reactor: CoexistReactor) {}
  }
#endif
