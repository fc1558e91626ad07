import ReactorFlow

/// What the app's reactors and flows share: services, the activity counter, the trace, time.
@MainActor
final class AppEnvironment {
  let auth: AuthService
  let database: DiaryDatabase
  let theme: ThemeService
  let movies = MovieCatalog()
  let activity: Activity
  let trace: Trace
  let clock: any Clock<Duration>
  /// How long the launch screen stays before moving on by itself.
  let launchDelay: Duration

  init(
    database: DiaryDatabase, clock: any Clock<Duration>, networkLatency: Duration,
    launchDelay: Duration, trace: Trace, activity: Activity
  ) {
    self.database = database
    self.clock = clock
    self.auth = AuthService(clock: clock, latency: networkLatency)
    self.launchDelay = launchDelay
    self.trace = trace
    self.activity = activity
    self.theme = ThemeService(activity: activity)
  }
}
