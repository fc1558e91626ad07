import Foundation
import ReactorFlow

/// What the app's reactors and flows share: services, the activity counter, time.
@MainActor
final class AppEnvironment {
  let auth: AuthService
  let database: DiaryDatabase
  let theme: ThemeService
  let movies = MovieCatalog()
  let activity: Activity
  let clock: any Clock<Duration>
  /// How long the launch screen stays before moving on by itself.
  let launchDelay: Duration
  /// What time it is (a new entry is dated today). Read only in an effect's operation, where
  /// the day is worked out in the current time zone too: a journal records the day, and a replay
  /// on another day or in another time zone gets the same.
  let now: @Sendable () -> Date

  init(
    database: DiaryDatabase, clock: any Clock<Duration>, now: @escaping @Sendable () -> Date,
    networkLatency: Duration, launchDelay: Duration, activity: Activity
  ) {
    self.database = database
    self.clock = clock
    self.now = now
    self.auth = AuthService(clock: clock, latency: networkLatency)
    self.launchDelay = launchDelay
    self.activity = activity
    self.theme = ThemeService(activity: activity)
  }
}
