import Foundation

struct List<Element> {
  var items: [Element]
  var nextURL: URL?

  init(items: [Element], nextURL: URL? = nil) {
    self.items = items
    self.nextURL = nextURL
  }
}

extension List: Sendable where Element: Sendable {}
