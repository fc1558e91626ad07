// The declarations the `///` examples of ReactorFlowJournal use without showing them (see
// docs/CHECKING-DOCS.md). Compiled beside each example; its imports are prepended to it.
import Foundation
import ReactorFlow
