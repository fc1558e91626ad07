/// Text on its way to a terminal. Everything the app prints that it did not write itself —
/// titles, bodies, emails, typed keys, file paths, error messages — goes through
/// ``sanitized(_:)`` so that it can never reach the terminal as a control sequence.
public enum TerminalText {
  /// `text` with every character a terminal could interpret replaced by a visible stand-in:
  /// C0 controls (including ESC, CR, LF and NUL) and DEL by their Unicode control pictures
  /// (`␛`, `␍`, `␊`, `␀`, `␡`), a tab by a space, C1 controls (U+0080–U+009F, e.g. the 8-bit CSI
  /// and NEL), the bidirectional formatting characters (which reorder what is shown) and the line
  /// and paragraph separators (U+2028, U+2029: a line break to some terminals) by `�`.
  public static func sanitized(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      guard isUnsafe(scalar) else {
        result.append(scalar)
        continue
      }
      switch scalar.value {
      case 0x09: result.append(" ")
      case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value) ?? "\u{FFFD}")
      case 0x7F: result.append("\u{2421}")
      default: result.append("\u{FFFD}")
      }
    }
    return String(result)
  }

  /// Whether `scalar` must not reach a terminal as it is.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00..<0x20, 0x7F...0x9F: return true
    // Bidirectional formatting: LRM, RLM, ALM, embeddings and overrides, isolates.
    case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
    // The line and paragraph separators.
    case 0x2028, 0x2029: return true
    default: return false
    }
  }

  /// How many terminal columns `text` takes: 2 for wide characters (CJK, Hangul, full-width
  /// forms, emoji shown as pictures), 0 for combining marks and zero-width characters, 1 else.
  public static func displayWidth(_ text: String) -> Int {
    // Printable ASCII (most lines): one column a byte.
    if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text.utf8.count }
    return text.reduce(0) { $0 + width(of: $1) }
  }

  /// `text` cut to at most `columns` columns, ending in `…` when cut.
  public static func truncated(_ text: String, toColumns columns: Int) -> String {
    guard displayWidth(text) > columns else { return text }
    var result = ""
    var used = 0
    for character in text {
      let width = width(of: character)
      if used + width > columns - 1 { break }
      result.append(character)
      used += width
    }
    return result + "…"
  }

  /// `text` (a title, say) sanitized and cut short, to quote it in a message.
  static func excerpt(_ text: String, columns: Int = 30) -> String {
    truncated(sanitized(text), toColumns: columns)
  }

  /// `text` cut into lines of at most `columns` columns, at spaces where it can.
  public static func wrapped(_ text: String, toColumns columns: Int) -> [String] {
    guard displayWidth(text) > columns, columns > 1 else { return [text] }
    var lines: [String] = []
    var line = ""
    var used = 0
    // Where `line` could be cut: after its last space.
    var lastSpace: String.Index?
    for character in text {
      let width = width(of: character)
      if used + width > columns {
        if let cut = lastSpace, cut < line.endIndex {
          lines.append(String(line[..<line.index(before: cut)]))
          line = String(line[cut...])
        } else {
          lines.append(line)
          line = ""
        }
        used = displayWidth(line)
        lastSpace = nil
      }
      line.append(character)
      used += width
      if character == " " { lastSpace = line.endIndex }
    }
    lines.append(line)
    return lines
  }

  static func width(of character: Character) -> Int {
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if scalars.contains(where: { $0.properties.isEmojiPresentation }) { return 2 }
    // An emoji written with the emoji presentation selector.
    if scalars.contains(where: { $0.value == 0xFE0F }) && first.properties.isEmoji { return 2 }
    if isWide(first) { return 2 }
    if isZeroWidth(first) { return 0 }
    return 1
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }

  private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return scalar.value == 0x200B
    }
  }
}
