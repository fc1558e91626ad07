// How the generators (`JournalTestScript`, `ReproductionScript`) write text that comes from a
// journal or from the app into the Swift code they print.

/// `text` escaped for Swift source: a backslash as `\\`, a quote as `\"` (unless `quotes` is
/// false, for a comment), and as a `\u{…}` escape every scalar that could end the line, hide
/// what follows or reorder it on screen — C0 and C1 control characters and DEL (`\n`, `\r` and
/// U+0085 among them), U+2028 and U+2029, and the bidirectional controls (U+061C, U+200E,
/// U+200F, U+202A–U+202E, U+2066–U+2069). Every other scalar (emoji, combining marks, `#`) is
/// kept. The result holds no line break and no `\(` that is not escaped.
func swiftEscaped(_ text: String, quotes: Bool = true) -> String {
  var out = String.UnicodeScalarView()
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\\": out.append(contentsOf: #"\\"#.unicodeScalars)
    case "\"" where quotes: out.append(contentsOf: #"\""#.unicodeScalars)
    case _ where needsEscape(scalar):
      out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars)
    default: out.append(scalar)
    }
  }
  return String(out)
}

/// Whether `scalar` is written as a `\u{…}` escape by ``swiftEscaped(_:quotes:)``.
private func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x00..<0x20, 0x7F...0x9F: return true  // C0, DEL, C1 (U+0085 NEXT LINE).
  case 0x2028, 0x2029: return true  // LINE SEPARATOR, PARAGRAPH SEPARATOR.
  case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true  // Bidi controls.
  default: return false
  }
}

/// `text` as a plain Swift string literal (`"…"`), escaped by ``swiftEscaped(_:quotes:)``.
func literal(_ text: String) -> String {
  "\"" + swiftEscaped(text) + "\""
}

/// `text` as the text of a `//` comment: escaped by ``swiftEscaped(_:quotes:)``, quotes kept (a
/// comment has none to end), so that it stays on its line.
func commentText(_ text: String) -> String {
  swiftEscaped(text, quotes: false)
}
