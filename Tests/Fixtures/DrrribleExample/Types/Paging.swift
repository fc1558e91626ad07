import Foundation

enum Paging {
  case refresh
  case next(URL)
}

extension Paging: Equatable {
  static func == (lhs: Paging, rhs: Paging) -> Bool {
    switch (lhs, rhs) {
    case (.refresh, .refresh):
      return true

    case (.next(let a), .next(let b)) where a == b:
      return true

    default:
      return false
    }
  }
}
