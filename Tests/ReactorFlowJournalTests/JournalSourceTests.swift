import ReactorFlow
import Testing

@Suite("A journal source is named by where it sits: type and ordinal under its parent")
struct JournalSourceTests {
  @Test("a source prints as its path and knows its parent")
  func path() {
    let list = JournalSource.app.appending("AppFlow").appending("HomeFlow", ordinal: 1)
      .appending("DiaryListReactor")
    #expect(list.description == "AppFlow/0 > HomeFlow/1 > DiaryListReactor/0")
    #expect(list.parent?.description == "AppFlow/0 > HomeFlow/1")
    #expect(JournalSource.app.description == "app")
    #expect(JournalSource.app.parent == nil)
  }

  @Test("two instances of a type under one parent are told apart by their ordinal")
  func ordinals() {
    let home = JournalSource.app.appending("HomeFlow")
    #expect(home.appending("EntryScreen", ordinal: 0) != home.appending("EntryScreen", ordinal: 1))
    #expect(home.appending("EntryScreen") == JournalSource([.init("HomeFlow"), .init("EntryScreen")]))
  }
}
