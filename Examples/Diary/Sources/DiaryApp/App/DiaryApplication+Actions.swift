import ReactorFlow
import ReactorFlowHeadless

extension DiaryApplication {
  /// What a user can do on `screen` (if it is the top screen): its keys, and for the keys that
  /// take text, the few inputs that lead somewhere — signing in with the demo account or a wrong
  /// password, the right or a wrong PIN, an entry with a title. Of a list's numbered rows, the
  /// first stands for all. Back and the tabs are the user's gestures, not listed here.
  public func userActions(on screen: Screen) -> [DiaryUserAction] {
    guard screen === window.topScreen, let screen = screen as? AppScreen else { return [] }
    var actions: [DiaryUserAction] = []
    switch screen {
    case is LaunchScreen:
      actions.append(DiaryUserAction(name: "Wait", commands: []))
    case is SignInScreen:
      actions.append(
        DiaryUserAction(
          name: "Sign in (demo account)", commands: ["e demo@reactorflow.dev", "p reactor123", "s"],
          needsSecret: true))
      actions.append(
        DiaryUserAction(
          name: "Sign in (wrong password)", commands: ["e demo@reactorflow.dev", "p nope", "s"]))
    case is FindPasswordScreen:
      actions.append(DiaryUserAction(name: "Send a reset link", commands: ["e demo@reactorflow.dev", "s"]))
    case is DiaryEditScreen:
      actions.append(DiaryUserAction(name: "Write a title and save", commands: ["t My day", "s"]))
    case is PINScreen:
      actions.append(
        DiaryUserAction(name: "Enter the right PIN", commands: ["p \(PINReactor.demoPIN)"], needsSecret: true)
      )
      actions.append(DiaryUserAction(name: "Enter a wrong PIN", commands: ["p 0000"]))
    default:
      break
    }
    let keys = screen.keys.filter { $0.argument == nil && $0.isAvailable }
    // A list's rows are numbered keys sharing one label ("Open"): the first row stands for all.
    let numbered = keys.filter { Int($0.key) != nil }
    let isList = Set(numbered.map(\.label)).count == 1
    for key in keys where !actions.contains(where: { $0.commands == [key.key] }) {
      if isList, Int(key.key) != nil {
        guard key.key == numbered.first?.key else { continue }
        actions.append(DiaryUserAction(name: "\(key.label) the first", commands: [key.key]))
      } else {
        actions.append(DiaryUserAction(name: key.label, commands: [key.key]))
      }
    }
    return actions
  }

  /// Sends `step` to every running flow: a deep link, a push notification.
  public func navigate(to step: Step) {
    coordinator.navigate(to: step)
  }

  /// Calls `handler` with each diagnostic of the app's flow coordinator.
  public func onDiagnostic(_ handler: @escaping @MainActor (FlowDiagnostic) -> Void) -> AnyDisposable {
    coordinator.onDiagnostic(handler)
  }

}
