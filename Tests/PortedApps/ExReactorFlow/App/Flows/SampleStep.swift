import ReactorFlow

enum SampleStep: Step {
  case onboardingIsRequired
  case onboardingIsComplete

  case introIsRequired
  case introIsComplete

  case dashboardIsRequired

  case counterIsRequired

  case gitHubSearchIsRequired

  case settingIsRequired
}
