import ReactorFlow

/// Which pulse of a `Pulse` a view has handled, so that a pulse is shown once — an alert or a
/// sheet presented for it, then dismissed — and never shown again by a later redraw.
///
/// The first look records the pulse count as handled: a view that appears after a pulse does
/// not show it (as `reactor.pulse(_:_:)` does not replay one). Keep one per presentation, for
/// the view's lifetime (SwiftUI: in `@State`; `reactor.pulseBinding(_:handledBy:)` uses it).
@MainActor
public final class PulseHandling {
  private var handledCount: UInt?

  /// Creates the record; nothing is handled yet.
  public init() {}

  /// Whether `pulse` has a pulse not handled yet. The first call takes the pulse as it is as
  /// handled.
  public func isPending<Value>(_ pulse: Pulse<Value>) -> Bool {
    guard let handledCount else {
      handledCount = pulse.valueUpdatedCount
      return false
    }
    return pulse.valueUpdatedCount != handledCount
  }

  /// Records `pulse`'s last pulse as handled.
  public func handle<Value>(_ pulse: Pulse<Value>) {
    handledCount = pulse.valueUpdatedCount
  }
}

extension Reactor {
  /// A binding for presenting the pulse at `keyPath` once: its value while a pulse is pending
  /// (not handled by `handling`), `nil` otherwise; writing `nil` (the alert or sheet is
  /// dismissed) handles it. Reading it is tracked for the pulse alone: every pulse, even of an
  /// equal value, is a change.
  ///
  /// ```swift
  /// struct ProfileView: View {
  ///   let reactor: ProfileReactor
  ///   @State private var handling = PulseHandling()
  ///
  ///   var body: some View {
  ///     let message = reactor.pulseBinding(\.$alertMessage, handledBy: handling)
  ///     let isPresented = Binding(get: { message.value != nil }, set: { if !$0 { message.value = nil } })
  ///     Text("Profile")
  ///       .alert("Error", isPresented: isPresented, presenting: message.value) { _ in
  ///         Button("OK") {}
  ///       } message: { Text($0) }
  ///   }
  /// }
  /// ```
  ///
  /// `.alert(_:reactor:pulse:actions:message:)` does this for you.
  public func pulseBinding<Value>(
    _ keyPath: KeyPath<State, Pulse<Value?>>, handledBy handling: PulseHandling
  ) -> ReactorBinding<Value?> {
    ReactorBinding(
      get: {
        let pulse = self[pulseAt: keyPath]
        return handling.isPending(pulse) ? pulse.value : nil
      },
      set: { newValue in
        if newValue == nil { handling.handle(self[pulseAt: keyPath]) }
      })
  }

  /// A binding for presenting the pulse at `keyPath` once: its value while a pulse is pending,
  /// `nil` otherwise; writing `nil` handles it.
  public func pulseBinding<Value>(
    _ keyPath: KeyPath<State, Pulse<Value>>, handledBy handling: PulseHandling
  ) -> ReactorBinding<Value?> {
    ReactorBinding(
      get: {
        let pulse = self[pulseAt: keyPath]
        return handling.isPending(pulse) ? pulse.value : nil
      },
      set: { newValue in
        if newValue == nil { handling.handle(self[pulseAt: keyPath]) }
      })
  }

  /// The pulse at `keyPath`, tracked for its pulses (each assignment is a change, even of an
  /// equal value).
  fileprivate subscript<Value>(pulseAt keyPath: KeyPath<State, Pulse<Value>>) -> Pulse<Value> {
    self[keyPath]
  }
}
