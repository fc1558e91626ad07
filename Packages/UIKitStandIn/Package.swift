// swift-tools-version: 6.0
import PackageDescription

// A stand-in for the few UIKit types ReactorFlow's UIKit adapter uses, as a package whose module
// is named `UIKit`, so that `canImport(UIKit)` is true where it is used, as on iOS: the main
// package adds it to the adapter when REACTORFLOW_UIKIT_BRANCH is set (see Package.swift), to
// compile and test the adapter on Linux. A test fixture: never use it where the real UIKit exists.
let package = Package(
  name: "UIKitStandIn",
  products: [.library(name: "UIKit", targets: ["UIKit"])],
  targets: [.target(name: "UIKit")],
  swiftLanguageModes: [.v6]
)
