// swift-tools-version: 6.0
import PackageDescription

// The library: seven products and nothing else. The demo app (and its database and command-line
// dependencies) is a package of its own in Examples/Diary; the benchmarks are in Benchmarks/.
// An app that depends on any product here resolves only swift-concurrency-extras, swift-clocks
// and swift-custom-dump (used by ReactorFlowTesting and ReactorFlowExplorer) and what they use.
let package = Package(
  name: "ReactorFlow",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .macCatalyst(.v17)],
  products: [
    .library(name: "ReactorFlow", targets: ["ReactorFlow"]),
    .library(name: "ReactorFlowHeadless", targets: ["ReactorFlowHeadless"]),
    .library(name: "ReactorFlowTesting", targets: ["ReactorFlowTesting"]),
    .library(name: "ReactorFlowUIKit", targets: ["ReactorFlowUIKit"]),
    .library(name: "ReactorFlowSwiftUI", targets: ["ReactorFlowSwiftUI"]),
    .library(name: "ReactorFlowExplorer", targets: ["ReactorFlowExplorer"]),
    .library(name: "ReactorFlowJournal", targets: ["ReactorFlowJournal"]),
    // Looks at journal files: a page to inspect a session in a browser, timelines, diffs.
    .executable(name: "reactorflow-journal", targets: ["reactorflow-journal"]),
  ],
  dependencies: [
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    // ReactorFlowTesting reports failures through it, to XCTest or Swift Testing, whichever runs.
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    // Tests only: model-based fuzzing.
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    // Documentation only: `swift package generate-documentation` (scripts/build-docs-site.sh).
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // The core depends on nothing but the toolchain.
    .target(name: "ReactorFlow"),
    // The headless screen tree (window, navigation stack, tab bar, modals): a module of its own so
    // that its names never meet SwiftUI's in an app that imports ReactorFlow.
    .target(name: "ReactorFlowHeadless", dependencies: ["ReactorFlow"]),
    .target(
      name: "ReactorFlowTesting",
      dependencies: [
        "ReactorFlow", "ReactorFlowHeadless",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
        // What IssueReporting calls to fail an XCTest test: without it, on Linux, a failure
        // outside a debug build would only be printed.
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
    ),
    // Explores every path of an app's navigation and draws its map.
    .target(
      name: "ReactorFlowExplorer",
      dependencies: [
        "ReactorFlow", "ReactorFlowHeadless", "ReactorFlowJournal",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      ]
    ),
    // Journal files (JSON Lines: writing, reading untrusted files) and the journal's timeline and
    // Mermaid diagram; the journal's entries and recorder are in the core, which has no Foundation.
    .target(name: "ReactorFlowJournal", dependencies: ["ReactorFlow"]),
    .executableTarget(name: "reactorflow-journal", dependencies: ["ReactorFlowJournal"]),
    // The UIKit adapter: compiled only where UIKit exists (on Linux and macOS it is empty but for
    // re-exporting ReactorFlow). This repository compiles and tests it on Linux against a stand-in
    // module named UIKit (Packages/UIKitStandIn), with REACTORFLOW_UIKIT_BRANCH=1 (see below).
    .target(name: "ReactorFlowUIKit", dependencies: ["ReactorFlow"]),
    // The SwiftUI adapter: its platform-neutral parts (bindings, ownership, pulses, the
    // navigation model its container renders) compile and are tested everywhere; its SwiftUI
    // views are behind `#if canImport(SwiftUI)` (type-checked on Linux against
    // Packages/SwiftUIStandIn with REACTORFLOW_SWIFTUI_BRANCH=1).
    .target(name: "ReactorFlowSwiftUI", dependencies: ["ReactorFlow", "ReactorFlowHeadless"]),
    // Test fixtures, not products: the blog posts' screens written as SwiftUI views against the
    // adapter.
    .target(
      name: "ReactorFlowSwiftUIExamples",
      dependencies: ["ReactorFlowSwiftUI", "ReactorFlowHeadless"],
      path: "Tests/Fixtures/ReactorFlowSwiftUIExamples"
    ),
    // An example app, ported from a public ReactorKit app (docs/ports/Drrrible.md): its reactors,
    // services and screens on the headless screen tree, and tests of its main journeys.
    .target(
      name: "DrrribleExample",
      dependencies: ["ReactorFlow", "ReactorFlowHeadless"],
      path: "Tests/Fixtures/DrrribleExample"
    ),
    // The apps the tests drive, written once for every test target that needs them: a diary's
    // coordinators, a sign-in tab-bar app, a launch screen then tabs of flows, a movie dashboard
    // with a settings modal, a text field and its settings, and one app spelled as in UIKit.
    .target(
      name: "ScenarioApps",
      dependencies: ["ReactorFlow", "ReactorFlowHeadless"],
      path: "Tests/Fixtures/ScenarioApps"
    ),
    // A public app that uses ReactorKit and RxFlow together, ported with its tests
    // (docs/ports/ExReactorFlow.md): onboarding, then a tab bar of a counter and a GitHub search.
    .testTarget(
      name: "ExReactorFlowPortTests",
      dependencies: [
        "ReactorFlow", "ReactorFlowHeadless", "ReactorFlowTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ],
      path: "Tests/PortedApps/ExReactorFlow"
    ),
    .testTarget(
      name: "DrrribleExampleTests",
      dependencies: ["DrrribleExample", "ReactorFlow", "ReactorFlowHeadless", "ReactorFlowTesting"]
    ),
    .testTarget(
      name: "ReactorFlowTests",
      dependencies: [
        "ReactorFlow", "ReactorFlowHeadless",
        "ReactorFlowTesting", "ScenarioApps",
        // The SwiftUI container's navigation model, tested against the example flows.
        "ReactorFlowSwiftUI",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]
    ),
    // The headless screen tree: screens, containers, modals, their lifecycle, bar buttons and
    // alerts, and deferred binding.
    .testTarget(
      name: "ReactorFlowHeadlessTests",
      dependencies: [
        "ReactorFlow", "ReactorFlowHeadless", "ReactorFlowTesting", "ScenarioApps",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // Every code snippet of the blog posts the library was designed from, in the post's own shape.
    .testTarget(
      name: "SeedPortTests",
      dependencies: [
        "ReactorFlow", "ReactorFlowHeadless", "ReactorFlowTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    .testTarget(
      name: "ReactorFlowSwiftUITests",
      dependencies: ["ReactorFlowSwiftUI", "ReactorFlowSwiftUIExamples", "ReactorFlowTesting"]
    ),
    .testTarget(
      name: "ReactorFlowExplorerTests",
      dependencies: [
        "ReactorFlow", "ReactorFlowHeadless", "ReactorFlowTesting", "ReactorFlowExplorer",
        "ReactorFlowJournal",
      ]
    ),
    .testTarget(
      name: "ReactorFlowJournalTests",
      dependencies: [
        "ReactorFlow", "ReactorFlowJournal", "ReactorFlowTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    // ReactorFlowTesting from XCTest: its tests import only XCTest and the library's modules.
    .testTarget(
      name: "ReactorFlowTestingXCTests",
      dependencies: ["ReactorFlow", "ReactorFlowHeadless", "ReactorFlowTesting"]
    ),
    .testTarget(
      name: "ReactorFlowTestingTests",
      dependencies: [
        "ReactorFlow", "ReactorFlowHeadless", "ReactorFlowTesting",
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)

/// Keeps only the packages the remaining targets use (an unused one is a warning): the two
/// stand-in builds below keep a few targets.
@MainActor func removeUnusedPackages() {
  var used: Set<String> = []
  for target in package.targets {
    for case .productItem(_, let name?, _, _) in target.dependencies { used.insert(name.lowercased()) }
  }
  package.dependencies.removeAll { dependency in
    guard case .sourceControl(_, let location, _) = dependency.kind else { return false }
    let identity = location.split(separator: "/").last.map { $0.lowercased() } ?? ""
    return !used.contains(identity.hasSuffix(".git") ? String(identity.dropLast(4)) : identity)
  }
}

// The UIKit adapter, compiled and tested on Linux: with REACTORFLOW_UIKIT_BRANCH=1 the stand-in
// package Packages/UIKitStandIn, whose module is named `UIKit` (as on iOS), makes
// `canImport(UIKit)` true for the adapter, its examples and its tests; only those targets are
// kept. `scripts/test-all.sh` runs it so:
// `REACTORFLOW_UIKIT_BRANCH=1 swift test --scratch-path .build-uikit`.
if Context.environment["REACTORFLOW_UIKIT_BRANCH"] != nil {
  let kept: Set<String> = ["ReactorFlow", "ReactorFlowHeadless", "ReactorFlowTesting", "ReactorFlowUIKit"]
  package.targets.removeAll { !kept.contains($0.name) }
  package.products.removeAll { !kept.contains($0.name) }
  let uikit = Target.Dependency.product(name: "UIKit", package: "UIKitStandIn")
  for target in package.targets where target.name == "ReactorFlowUIKit" {
    target.dependencies.append(uikit)
  }
  package.targets += [
    // The blog posts' UIKit code written against the adapter.
    .target(
      name: "ReactorFlowUIKitExamples",
      dependencies: ["ReactorFlowUIKit", uikit],
      path: "Tests/Fixtures/ReactorFlowUIKitExamples"
    ),
    .testTarget(
      name: "ReactorFlowUIKitTests",
      dependencies: [
        "ReactorFlowUIKit", "ReactorFlowHeadless", "ReactorFlowUIKitExamples", "ReactorFlowTesting", uikit,
      ]
    ),
  ]
  removeUnusedPackages()
  package.dependencies.append(.package(path: "Packages/UIKitStandIn"))
}

// The SwiftUI adapter's `#if canImport(SwiftUI)` code, type-checked on Linux: with
// REACTORFLOW_SWIFTUI_BRANCH=1 a stand-in package whose module is named `SwiftUI`
// (Packages/SwiftUIStandIn: the few types and signatures the adapter uses, rendering nothing) is
// added to the SwiftUI targets, and only the library and those targets are kept (no tests: the
// stand-in renders nothing, and the platform-neutral parts are tested in the normal build; the
// test helpers' dependencies have `canImport(SwiftUI)` code of their own that the stand-in does
// not declare). `scripts/test-all.sh` builds it: `REACTORFLOW_SWIFTUI_BRANCH=1 swift build
// --scratch-path .build-swiftui`.
if Context.environment["REACTORFLOW_SWIFTUI_BRANCH"] != nil {
  let kept: Set<String> = [
    "ReactorFlow", "ReactorFlowHeadless", "ReactorFlowSwiftUI", "ReactorFlowSwiftUIExamples",
  ]
  package.targets.removeAll { !kept.contains($0.name) }
  package.products.removeAll { !kept.contains($0.name) }
  for target in package.targets where target.name.hasPrefix("ReactorFlowSwiftUI") {
    target.dependencies.append(.product(name: "SwiftUI", package: "SwiftUIStandIn"))
    // Lets the examples check that their SwiftUI code was compiled (see BranchCheck.swift).
    target.swiftSettings = (target.swiftSettings ?? []) + [.define("REACTORFLOW_SWIFTUI_BRANCH")]
  }
  removeUnusedPackages()
  package.dependencies.append(.package(path: "Packages/SwiftUIStandIn"))
}
