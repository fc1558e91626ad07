import ReactorFlow

/// Where the app can go.
enum AppStep: Step {
  case homeIsRequired
  case signInIsRequired
  case signInIsComplete
}
