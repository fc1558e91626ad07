import Foundation

extension Bundle {
  var version: String? {
    return Bundle.main.object(forInfoDictionaryKey: "CFBundleShortVersionString") as? String
  }

  var build: String? {
    return Bundle.main.object(forInfoDictionaryKey: "CFBundleVersion") as? String
  }
}
