// swift-tools-version: 6.0
import PackageDescription

// The UIKit stand-in (Sources/UIKitStandIn of the main package) as a package of its own whose
// module is named `UIKit`, so that `canImport(UIKit)` is true where it is used, as on iOS: the
// main package uses it in place of its UIKitStandIn target when REACTORFLOW_UIKIT_BRANCH is set
// (see Package.swift), to compile and test the adapter's `#if canImport(UIKit)` branch on Linux.
// A test fixture: never use it where the real UIKit exists.
let package = Package(
  name: "UIKitStandIn",
  products: [.library(name: "UIKit", targets: ["UIKit"])],
  targets: [.target(name: "UIKit")],
  swiftLanguageModes: [.v6]
)
