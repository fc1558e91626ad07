import Foundation

/// A calendar day written `YYYY-MM-DD`, the only date format the diary accepts.
struct DiaryDate: Equatable, Sendable, CustomStringConvertible {
  let year: Int
  let month: Int
  let day: Int

  /// Parses `text`, or says what is wrong with it.
  static func parse(_ text: String) -> Result<DiaryDate, DiaryDateError> {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return .failure(.format(text)) }
    guard (1...12).contains(month) else { return .failure(.month(text)) }
    guard (1...daysIn(month: month, year: year)).contains(day) else { return .failure(.day(text)) }
    return .success(DiaryDate(year: year, month: month, day: day))
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// The day `now` falls on in the current time zone. Both the clock and the time zone are
  /// read where it is called: only in an effect's operation (the app's `now`), so that a journal
  /// records the day and a replay on another day, or in another time zone, gets the same.
  static func today(_ now: Date) -> DiaryDate {
    let parts = Calendar.current.dateComponents([.year, .month, .day], from: now)
    return DiaryDate(year: parts.year ?? 2026, month: parts.month ?? 1, day: parts.day ?? 1)
  }

  var description: String {
    func pad(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
  }
}

/// Why a date was not accepted, with how to write it.
enum DiaryDateError: Error, Equatable, CustomStringConvertible {
  case format(String)
  case month(String)
  case day(String)

  var description: String {
    switch self {
    case .format(let text):
      return "\"\(text)\" is not a date. Write it as YYYY-MM-DD, for example 2026-11-22."
    case .month(let text):
      return "\"\(text)\" has no such month. Months go from 01 to 12."
    case .day(let text):
      return "\"\(text)\" has no such day in that month."
    }
  }
}
