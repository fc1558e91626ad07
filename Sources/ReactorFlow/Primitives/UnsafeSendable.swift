/// Carries a value into a main-actor task: the value is built and used on the main actor only.
struct UnsafeSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}
