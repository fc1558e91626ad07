// swift-tools-version: 6.0
import PackageDescription

// A SwiftUI stand-in: a package whose module is named `SwiftUI`, so that `canImport(SwiftUI)` is
// true where it is used, as on Apple platforms. It declares only the few SwiftUI types and
// signatures ReactorFlowSwiftUI and its examples use, as Apple documents them (with their
// availability); it renders nothing. The main package uses it when REACTORFLOW_SWIFTUI_BRANCH is
// set (see Package.swift), to type-check the `#if canImport(SwiftUI)` code on Linux.
// A test fixture: never use it where the real SwiftUI exists.
let package = Package(
  name: "SwiftUIStandIn",
  products: [.library(name: "SwiftUI", targets: ["SwiftUI"])],
  targets: [.target(name: "SwiftUI")],
  swiftLanguageModes: [.v6]
)
