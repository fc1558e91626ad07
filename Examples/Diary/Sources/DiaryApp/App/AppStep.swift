import ReactorFlow

/// Every navigation of the demo, as RxFlow steps, named as RxFlow apps usually name them.
enum AppStep: Step, Equatable, Codable {
  // Launch, and sign-in presented full screen as its own flow.
  case launchIsRequired
  case launchIsComplete
  case loginIsRequired
  case findPasswordIsRequired
  case userIsLoggedIn
  /// Signed out from the profile: back to sign-in (drafts are kept first).
  case userIsLoggedOut
  case mainIsRequired

  // The diary tab (list, detail, edit).
  case diaryListIsRequired
  case diaryIsPicked(id: Int64)
  case newDiaryIsRequired
  /// Edit `entry`, as it was just read.
  case diaryEditIsRequired(DiaryEntry)
  /// Edit the draft kept from an edit left unsaved.
  case draftIsResumed(DiaryEntry)
  case diaryIsSaved(id: Int64, isNew: Bool)
  /// `entry` was deleted (the list can put it back).
  case diaryIsDeleted(DiaryEntry)

  // The wishlist tab (a movie list).
  case moviesAreRequired
  /// `movie`, as the list showed it.
  case movieIsPicked(Movie)

  // The profile tab, its settings modal (a child flow that ends itself, with a text field's
  // reactor) and local authentication.
  case profileIsRequired
  case settingsAreRequired
  case textFieldIsRequired
  case accentColorIsRequired
  case settingsAreComplete
  case localAuthIsRequired(location: String)
  case localAuthIsComplete(location: String)
  case localAuthIsCancelled
  case wayBackToRootIsRequired
}

// Restoring a relaunched app's navigation stops at sign-in and at the PIN: the user signs in
// again, and types the PIN again, before the screens behind them come back.
extension AppStep: RestorationGate {
  var isRestorationGate: Bool {
    switch self {
    case .loginIsRequired, .localAuthIsRequired: return true
    default: return false
    }
  }

  // The ways through: signing in, and the PIN typed right. Nothing else the user does at a gate
  // (finding a password, cancelling) lets restoration go on past it.
  var passesRestorationGate: Bool {
    switch self {
    case .userIsLoggedIn, .localAuthIsComplete: return true
    default: return false
    }
  }
}

/// Emits `step` from an effect's operation (which runs on the main actor: the step is handled
/// before the operation goes on). Does nothing once the reactor is gone or the operation was
/// cancelled — like `send`, so that a cancelled request never navigates. The step is recorded as
/// accepted where `emit` is called (`fileID` and `line`, passed on to `accept`).
@MainActor
func emit(
  _ step: AppStep, from reactor: (some Reactor & Stepper)?, fileID: StaticString = #fileID, line: UInt = #line
) {
  guard !Task.isCancelled else { return }
  reactor?.steps.accept(step, fileID: fileID, line: line)
}
