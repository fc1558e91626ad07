import Foundation
import ReactorFlowHeadless

// SafariServices is not on the headless tree: the app presents a web page with
// `SFSafariViewController(url:)`, so a screen of that name shows the page's address. A test
// fixture, not part of ReactorFlow (docs/ports/ExReactorFlow.md lists it).

/// A web page presented over the app: its title is the host, its content the address.
final class SFSafariViewController: Screen {
  let url: URL

  init(url: URL) {
    self.url = url
    super.init(title: url.host ?? "", content: [url.absoluteString])
  }
}
