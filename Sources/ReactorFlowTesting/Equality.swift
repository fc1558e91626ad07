import CustomDump

/// Whether two values are equal: by `==` when the type is `Equatable`, else by their dumps.
func isEqual<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
  if let lhs = lhs as? any Equatable {
    return equals(lhs, rhs)
  }
  var left = ""
  var right = ""
  customDump(lhs, to: &left)
  customDump(rhs, to: &right)
  return left == right
}

private func equals<T: Equatable>(_ lhs: T, _ rhs: Any) -> Bool {
  guard let rhs = rhs as? T else { return false }
  return lhs == rhs
}

/// A readable difference between `expected` and `actual` (lines prefixed `−` expected, `+` actual).
func difference<Value>(_ expected: Value, _ actual: Value) -> String {
  diff(expected, actual, format: .proportional)
    ?? "(no printable difference)\nexpected: \(String(customDumping: expected))\nactual: \(String(customDumping: actual))"
}
