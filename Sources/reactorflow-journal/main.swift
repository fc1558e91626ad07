// `reactorflow-journal`: see `JournalCommand` in ReactorFlowJournal, which does the work (and
// which the journal's tests run).
import Foundation
import ReactorFlowJournal

let outcome = JournalCommand.run(Array(CommandLine.arguments.dropFirst()))
FileHandle.standardOutput.write(Data(outcome.output.utf8))
FileHandle.standardError.write(Data(outcome.error.utf8))
exit(outcome.status)
