#if os(Linux) || os(macOS)
  import Foundation
  import Testing

  /// scripts/journeys.py counts an initializer's lines as its own body (from its `init`
  /// declaration to its closing brace) plus the initial values it runs, one line each — wherever
  /// those stored properties are written in the type, and whatever an initial value calls.
  // Not under the Address Sanitizer: Foundation's `Process` leaks a weak reference of its own
  // on Linux, which Leak Sanitizer reports (the script is the same in every build).
  @Suite(
    "journeys.py: an initializer's extent is its own body and its initial values",
    .enabled(if: ProcessInfo.processInfo.environment["REACTORFLOW_SANITIZER"] != "address"))
  struct JourneysCountsAnInitializersOwnLinesTests {
    /// Runs journeys.py on a callgrind part over one library file; returns the totals line.
    static func count(source: String, part: (String) -> String) throws -> String {
      let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      let work = FileManager.default.temporaryDirectory
        .appendingPathComponent("journeys-\(UUID().uuidString)")
      let sources = work.appendingPathComponent("Sources/ReactorFlow")
      try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: work) }
      let file = sources.appendingPathComponent("Thing.swift")
      try source.write(to: file, atomically: true, encoding: .utf8)
      let partFile = work.appendingPathComponent("part.out")
      try part(file.path).write(to: partFile, atomically: true, encoding: .utf8)
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = [
        "python3", root.appendingPathComponent("scripts/journeys.py").path, "demo", partFile.path,
      ]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self).split(separator: "\n").last.map(String.init) ?? ""
    }

    @Test("a stored property declared after the init: the methods in between are not counted")
    func propertyAfterTheInit() throws {
      let source = """
        final class Thing {
          let a = 1
          init() {
            print("x")
          }

          func other() {
            print("y")
            print("y")
            print("y")
          }

          var b = 2
        }
        """
      // The allocating entry point (fC) and the initializing one (fc); the latter runs lines
      // 2 and 13 (the initial values), 3 to 5 (its body).
      let totals = try Self.count(source: source) { path in
        """
        events: Ir
        fl=\(path)
        fn=$s11ReactorFlow5ThingCACycfC
        3 2
        fn=$s11ReactorFlow5ThingCACycfc
        2 1
        3 1
        4 1
        5 1
        13 1

        """
      }
      #expect(totals == "demo: 1 files, 1 functions, 5 lines")
    }

    @Test("an initial value that calls `.init(`: not taken for the init's declaration")
    func initialValueCallingDotInit() throws {
      let source = """
        final class Thing {
          let lock = Lock.init()
          func other() {
            print("y")
            print("y")
            print("y")
          }
          init() {
            print("x")
          }
        }
        """
      let totals = try Self.count(source: source) { path in
        """
        events: Ir
        fl=\(path)
        fn=$s11ReactorFlow5ThingCACycfc
        2 1
        8 1
        9 1
        10 1

        """
      }
      #expect(totals == "demo: 1 files, 1 functions, 4 lines")
    }
  }
#endif
