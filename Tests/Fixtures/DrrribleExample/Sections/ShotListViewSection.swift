enum ShotListViewSection {
  case shotTile([ShotListViewSectionItem])
}

extension ShotListViewSection {
  var items: [ShotListViewSectionItem] {
    switch self {
    case .shotTile(let items): return items
    }
  }

  init(original: ShotListViewSection, items: [ShotListViewSectionItem]) {
    switch original {
    case .shotTile: self = .shotTile(items)
    }
  }
}

enum ShotListViewSectionItem {
  case shotTile(ShotCellReactor)
}
