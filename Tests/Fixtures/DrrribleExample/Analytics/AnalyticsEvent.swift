typealias DrrribleAnalytics = Analytics<AnalyticsEvent>

enum AnalyticsEvent: Equatable {
  case tryLogin
  case login
  case tryLogout
  case logout

  case viewShotList
  case viewShot(shotID: Int)

  case likeShot(shotID: Int)
  case unlikeShot(shotID: Int)

  case viewSettingList
}

extension AnalyticsEvent {
  var name: String {
    switch self {
    case .tryLogin: return "try_login"
    case .login: return "login"
    case .tryLogout: return "try_logout"
    case .logout: return "logout"
    case .viewShotList: return "view_shot_list"
    case .viewShot: return "view_shot"
    case .likeShot: return "like_shot"
    case .unlikeShot: return "unlike_shot"
    case .viewSettingList: return "view_setting_list"
    }
  }
}
