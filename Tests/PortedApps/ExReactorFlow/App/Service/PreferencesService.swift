import Foundation
import ReactorFlow

protocol HasPreferencesService {
  var preferencesService: PreferencesService { get }
}

/// The keys of the user defaults the app writes.
struct UserPreferences {
  private init() {}

  /// Whether the user went through the onboarding.
  static let onBoarded = "onBoarded"
}

/// Reads and writes the user's preferences.
@MainActor
final class PreferencesService {
  private let defaults: UserDefaults
  /// The onboarded preference, now and each time it changes.
  let isOnboardedValues: BehaviorRelay<Bool>

  init(defaults: UserDefaults = .standard) {
    self.defaults = defaults
    self.isOnboardedValues = BehaviorRelay(value: defaults.bool(forKey: UserPreferences.onBoarded))
  }

  /// Records that the user went through the onboarding.
  func setOnboarded() {
    defaults.set(true, forKey: UserPreferences.onBoarded)
    isOnboardedValues.accept(true)
  }

  /// Forgets that the user went through the onboarding.
  func setNotOnboarded() {
    defaults.removeObject(forKey: UserPreferences.onBoarded)
    isOnboardedValues.accept(false)
  }

  /// Whether the user went through the onboarding.
  func isOnboarded() -> Bool {
    return defaults.bool(forKey: UserPreferences.onBoarded)
  }
}
