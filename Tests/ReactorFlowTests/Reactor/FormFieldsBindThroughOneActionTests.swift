import ReactorFlow
import ReactorFlowTesting
import Testing

/// A sign-up form: three fields bound through one action case, and a check of the address as it
/// is typed.
private final class SignUpFormReactor: Reactor {
  enum Action: BindableAction, Equatable {
    case binding(BindingChange<State>)
    case submit
  }
  enum Mutation {
    case binding(BindingChange<State>)
    case setAddressIsValid(Bool)
    case setSubmitted
  }
  struct State: Equatable {
    var name = ""
    var address = ""
    var acceptsTerms = false
    var addressIsValid = false
    var isSubmitted = false
  }

  let initialState = State()
  let store = ReactorStore<SignUpFormReactor>()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .binding(let change):
      if let address = change.value(at: \.address) {
        return .concat(.just(.binding(change)), .just(.setAddressIsValid(address.contains("@"))))
      }
      return .just(.binding(change))
    case .submit:
      return .just(.setSubmitted)
    }
  }

  func reduce(state: State, mutation: Mutation) -> State {
    var state = state
    switch mutation {
    case .binding(let change): change.apply(to: &state)
    case .setAddressIsValid(let isValid): state.addressIsValid = isValid
    case .setSubmitted: state.isSubmitted = true
    }
    return state
  }
}

@MainActor
@Suite("A form's fields bind through the action's one binding case", .checksLeaks)
struct FormFieldsBindThroughOneActionTests {
  @Test("each change sets its field and leaves the others as they were")
  func changeSetsItsFieldOnly() {
    let reactor = SignUpFormReactor()
    reactor.send(.binding(.set(\.name, "Ada")))
    reactor.send(.binding(.set(\.acceptsTerms, true)))
    #expect(
      reactor.currentState
        == .init(name: "Ada", address: "", acceptsTerms: true, addressIsValid: false, isSubmitted: false))
    reactor.send(.binding(.set(\.name, "Grace")))
    #expect(reactor.currentState.name == "Grace")
    #expect(reactor.currentState.acceptsTerms)
  }

  @Test("mutate reads the value of one field and reacts to it; other fields give nil")
  func mutateReactsToOneField() {
    let reactor = SignUpFormReactor()
    reactor.send(.binding(.set(\.address, "ada")))
    #expect(reactor.currentState.addressIsValid == false)
    reactor.send(.binding(.set(\.address, "ada@example.com")))
    #expect(reactor.currentState.addressIsValid)
    reactor.send(.binding(.set(\.name, "no at sign")))
    #expect(reactor.currentState.addressIsValid, "a change of another field is not read as the address")

    let change = BindingChange<SignUpFormReactor.State>.set(\.name, "Ada")
    #expect(change.value(at: \.name) == "Ada")
    #expect(change.value(at: \.address) == nil)
  }

  @Test("changes are equal when they set the same field to equal values, so actions compare")
  func changesCompare() {
    typealias Change = BindingChange<SignUpFormReactor.State>
    #expect(Change.set(\.name, "Ada") == Change.set(\.name, "Ada"))
    #expect(Change.set(\.name, "Ada") != Change.set(\.name, "Grace"))
    #expect(Change.set(\.name, "Ada") != Change.set(\.address, "Ada"))
    #expect(SignUpFormReactor.Action.binding(.set(\.acceptsTerms, true)) != .submit)
  }

  @Test("a change describes its field and value, for logs and test failures")
  func changeDescribesItself() {
    let change = BindingChange<SignUpFormReactor.State>.set(\.name, "Ada")
    #expect(change.description.hasSuffix("to \"Ada\""))
    #expect(change.description.contains("name"))
  }

  @Test("a reactor tester states each change, the field set and the check it triggered")
  func testerStatesTheChanges() async {
    let tester = ReactorTester(SignUpFormReactor())
    tester.send(.binding(.set(\.address, "ada@example.com"))) {
      $0.address = "ada@example.com"
      $0.addressIsValid = true
    }
    tester.send(.submit) { $0.isSubmitted = true }
    await tester.finish()
  }
}
