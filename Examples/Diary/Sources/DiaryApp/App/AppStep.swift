import ReactorFlow

/// Every navigation of the demo, as RxFlow steps: the seeds' names where they have one.
enum AppStep: Step, Equatable {
  // Launch (seed 002) and sign-in (seed 000's AuthFlow).
  case launchIsRequired
  case launchIsComplete
  case loginIsRequired
  case findPasswordIsRequired
  case userIsLoggedIn
  case mainIsRequired

  // The diary tab (seed 001).
  case diaryListIsRequired
  case diaryIsPicked(id: Int64)
  case newDiaryIsRequired
  /// Edit `entry`, as it was just read.
  case diaryEditIsRequired(DiaryEntry)
  /// Edit the draft kept from an edit left unsaved.
  case draftIsResumed(DiaryEntry)
  case diaryIsSaved(id: Int64, isNew: Bool)

  // The wishlist tab (seed 003).
  case moviesAreRequired
  case movieIsPicked(withId: Int)

  // The profile tab, its settings modal (seeds 003 and 004) and local auth (seed 000).
  case profileIsRequired
  case settingsAreRequired
  case textFieldIsRequired
  case accentColorIsRequired
  case settingsAreComplete
  case localAuthIsRequired(location: String)
  case localAuthIsComplete(location: String)
  case wayBackToRootIsRequired
}

/// Emits `step` from an effect's operation (which runs on the main actor: the step is handled
/// before the operation goes on). Does nothing once the reactor is gone or the operation was
/// cancelled — like `send`, so that a cancelled request never navigates.
@MainActor
func emit(_ step: AppStep, from reactor: (some Reactor & Stepper)?) {
  guard !Task.isCancelled else { return }
  reactor?.steps.accept(step)
}
