// The declarations the `///` examples of ReactorFlowJournal use without showing them (see
// docs/CHECKING-DOCS.md). Compiled beside each example; its imports are prepended to it.
import Foundation
import ReactorFlow
import ReactorFlowHeadless

/// The app's steps.
enum AppStep: Step, Codable {
  case launchIsRequired, signInIsRequired, homeIsRequired
}

/// A flow with a window for a root.
final class AppFlow: Flow {
  let window: Window
  var root: Presentable { window }
  init(window: Window) { self.window = window }
  func navigate(to step: Step) -> FlowContributors { .none }
}

final class AppStepper: Stepper {
  let steps = PublishRelay<Step>()
  var initialStep: Step { AppStep.launchIsRequired }
}

/// The journal of the app's last session, read back from its file.
let lastSession = Journal()
