import ReactorFlowHeadless
import ReactorFlowTesting
import Testing

@MainActor
@Suite("Presentation: an alert screen returns the action chosen", .checksLeaks)
struct AlertScreenTests {
  func deleteAlert(log: LogBox? = nil) -> AlertScreen {
    let alert = AlertScreen(
      title: "Delete the note?", message: "It cannot be undone.", preferredStyle: .alert)
    alert.addAction(
      AlertAction(title: "Cancel", style: .cancel) { log?.entries.append("handler: \($0.title ?? "")") })
    alert.addAction(
      AlertAction(title: "Delete", style: .destructive) { log?.entries.append("handler: \($0.title ?? "")") })
    return alert
  }

  @MainActor
  final class LogBox {
    var entries: [String] = []
  }

  @Test(
    "the presenter awaiting the alert gets the action chosen, after the alert was dismissed and the handler ran"
  )
  func presenterGetsChoice() async throws {
    let window = Window()
    let notes = Screen(title: "Notes")
    window.rootViewController = notes
    let log = LogBox()
    let alert = deleteAlert(log: log)
    let presenting = Task {
      let chosen = await notes.presentAlert(alert)
      log.entries.append("presenter: \(chosen?.title ?? "nil"), alert dismissed \(alert.isDismissed)")
      return chosen
    }
    await expectEventually("the alert is presented") { notes.presentedViewController === alert }
    #expect(alert.isVisible && !notes.isVisible)
    // The presenter stays in view under the alert.
    #expect(window.render().contains("modal(overFullScreen) alert \"Delete the note?\" *"))
    let chosen = alert.choose("Delete")
    #expect(chosen?.style == .destructive)
    // A test cancelled at its time limit dismisses the alert, which ends the presenter's wait.
    let received = await withTaskCancellationHandler {
      await presenting.value
    } onCancel: {
      Task { @MainActor in notes.dismiss(animated: false) }
    }
    #expect(received === chosen)
    #expect(log.entries == ["handler: Delete", "presenter: Delete, alert dismissed true"])
    #expect(notes.presentedViewController == nil && notes.isVisible)
  }

  @Test("an alert dismissed without a choice gives the presenter nil, not a hang")
  func dismissedWithoutChoice() async {
    let window = Window()
    let notes = Screen(title: "Notes")
    window.rootViewController = notes
    let alert = deleteAlert()
    let presenting = Task { await notes.presentAlert(alert) }
    await expectEventually("the alert is presented") { notes.presentedViewController === alert }
    notes.dismiss(animated: true)
    let received = await withTaskCancellationHandler {
      await presenting.value
    } onCancel: {
      Task { @MainActor in notes.dismiss(animated: false) }
    }
    #expect(received == nil)
    #expect(alert.chosenAction == nil)
  }

  @Test("a presenter already presenting gets nil at once, and the failed presentation is reported")
  func alreadyPresenting() async {
    let window = Window()
    let notes = Screen(title: "Notes")
    window.rootViewController = notes
    notes.present(Screen(title: "Sheet"), animated: false)
    var returned = false
    var received: AlertAction?
    let diagnostics = await withDiagnostics {
      received = await notes.presentAlert(deleteAlert())
      returned = true
    }
    #expect(returned && received == nil)
    #expect(
      diagnostics == [
        .screenTree(
          .alreadyPresenting(
            presenter: "Notes", presented: "Sheet", requested: "Delete the note?"
          ))
      ])
  }

  @Test(
    "choosing an action the alert does not have, or on an alert not presented, is reported and chooses nothing"
  )
  func misuse() async {
    let window = Window()
    let notes = Screen(title: "Notes")
    window.rootViewController = notes
    let alert = deleteAlert()
    alert.actions[1].isEnabled = false
    let diagnostics = await withDiagnostics {
      #expect(alert.choose("Cancel") == nil)
      notes.present(alert, animated: false)
      #expect(alert.choose("Delete") == nil)
      #expect(alert.choose("Archive") == nil)
    }
    #expect(
      diagnostics == [
        .screenTree(.alertNotPresented(alert: "Delete the note?", action: "Cancel")),
        .screenTree(
          .noSuchAlertAction(
            alert: "Delete the note?", action: "Delete", actions: ["Cancel"]
          )),
        .screenTree(
          .noSuchAlertAction(
            alert: "Delete the note?", action: "Archive", actions: ["Cancel"]
          )),
      ])
    #expect(alert.choose("Cancel")?.style == .cancel)
    #expect(alert.isDismissed && notes.presentedViewController == nil)
  }

  @Test("an action sheet renders its message and actions; its handler runs without an awaiting presenter")
  func actionSheetRendering() {
    let window = Window()
    let notes = Screen(title: "Notes")
    window.rootViewController = notes
    let log = LogBox()
    let sheet = AlertScreen(title: "Share", message: nil, preferredStyle: .actionSheet)
    sheet.addAction(AlertAction(title: "Copy", style: .default) { _ in log.entries.append("copied") })
    sheet.addAction(AlertAction(title: "Cancel", style: .cancel))
    notes.present(sheet, animated: false)
    #expect(sheet.preferredStyle == .actionSheet)
    #expect(
      window.render() == """
        window
          screen "Notes"
            modal(overFullScreen) alert "Share" *
              | [Copy] [Cancel]
        """)
    sheet.choose("Copy")
    #expect(log.entries == ["copied"])
  }
}
