import ReactorFlow
import ReactorFlowJournal
import Testing

@Suite("A journal prints as a timeline and as a Mermaid sequence diagram")
struct JournalPrintingTests {
  @Test("the timeline shows time, source and entry, with diagnostics marked")
  func timeline() {
    #expect(everyKindJournal().timeline() == Self.timeline)
  }

  @Test("in a terminal, diagnostics are bold red and payloads carry no raw control characters")
  func terminalTimeline() {
    var journal = Journal()
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: 1, offset: .milliseconds(5)), source: Sources.list,
        event: .action(JournalPayload("\u{1B}[2Jwipe\nforged line"))))
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: 2, offset: .milliseconds(1_500)), source: Sources.list,
        event: .diagnostic("lost\u{7}")))
    let expected = """
        #1  +0.005s  AppFlow/0 > HomeFlow/1 > DiaryListReactor/0  action: \\u{1B}[2Jwipe\\u{A}forged line
      \u{1B}[1;31m! #2  +1.500s  AppFlow/0 > HomeFlow/1 > DiaryListReactor/0  diagnostic: lost\\u{7}\u{1B}[0m
      """
    #expect(journal.timeline(style: .terminal) == expected)
  }

  @Test("a ring buffer's timeline says how many entries it dropped")
  func droppedEntries() {
    var journal = Journal(keepingLast: 1)
    for sequence in 1...3 {
      journal.append(
        JournalEntry(
          time: JournalTime(sequence: UInt64(sequence), offset: .seconds(sequence)), source: .app,
          event: .deepLink("diary://\(sequence)")))
    }
    #expect(journal.timeline() == "(2 earlier entries dropped)\n  #3  +3.000s  app  deep link: diary://3")
  }

  @Test("the Mermaid diagram has the sources as participants and sanitized names")
  func mermaid() {
    #expect(everyKindJournal().mermaid == Self.mermaid)
  }

  @Test("Mermaid syntax in a payload is written as entities")
  func mermaidSanitizes() {
    var journal = Journal()
    journal.append(
      JournalEntry(
        time: JournalTime(sequence: 1, offset: .zero), source: JournalSource.app.appending("Weird;Flow<T>"),
        event: .navigation("push A->>B; %% comment #1\n")))
    #expect(
      journal.mermaid == """
        sequenceDiagram
          participant P0 as Weird#59;Flow#60;T#62;/0
          P0->>P0: navigation push A-#62;#62;B#59; #37;#37; comment #35;1#92;u#123;A#125;
        """)
  }

  static let timeline = """
       #1  +0.000s  app  deep link: diary://entries/7
       #2  +0.250s  AppFlow/0 > HomeFlow/1 > DiaryListReactor/0  action: refresh
       #3  +0.500s  AppFlow/0 > HomeFlow/1 > DiaryListReactor/0  mutation: setLoading(true)
       #4  +0.750s  AppFlow/0 > HomeFlow/1 > DiaryListReactor/0  effect #0 output: \
    [ReactorFlowJournalTests.DiaryEntry(id: 7, title: "Rain")]
       #5  +1.000s  AppFlow/0 > HomeFlow/1 > DiaryListScreen/0  step: entry(id: 7)
       #6  +1.250s  AppFlow/0 > HomeFlow/1  navigation: push DiaryEntryScreen
       #7  +1.500s  AppFlow/0 > HomeFlow/1 > DiaryListScreen/0  gesture: back
       #8  +1.750s  AppFlow/0 > HomeFlow/1 > DiaryListScreen/0  gesture: swipe down
       #9  +2.000s  AppFlow/0  gesture: select tab 2
    ! #10  +2.250s  AppFlow/0 > HomeFlow/1 > DiaryListReactor/0  diagnostic: an effect's error was not handled
      #11  +2.500s  AppFlow/0 > HomeFlow/1 > DiaryListReactor/0  state: DiaryEntry(id: 1, title: "Sun")
      #12  +2.750s  app  rendered tree
          | Window
          |   NavigationStack
          |     DiaryListScreen
    """

  static let mermaid = """
    sequenceDiagram
      participant U as user
      participant P0 as app
      participant P1 as AppFlow/0 #62; HomeFlow/1 #62; DiaryListReactor/0
      participant P2 as AppFlow/0 #62; HomeFlow/1 #62; DiaryListScreen/0
      participant P3 as AppFlow/0 #62; HomeFlow/1
      participant P4 as AppFlow/0
      participant E as effects
      U->>P0: deep link diary#58;//entries/7
      U->>P1: action refresh
      P1->>P1: mutation setLoading(true)
      E-->>P1: effect #35;0 output #91;ReactorFlowJournalTests.DiaryEntry(id#58; 7, title#58; #34;Rain#34;)#93;
      P2->>P3: step entry(id#58; 7)
      P3->>P3: navigation push DiaryEntryScreen
      U->>P2: gesture back
      U->>P2: gesture swipe down
      U->>P4: gesture select tab 2
      Note over P1: diagnostic an effect's error was not handled
      Note over P1: state DiaryEntry(id#58; 1, title#58; #34;Sun#34;)
      Note over P0: rendered tree
    """
}
