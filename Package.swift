// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "ReactorFlow",
  platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .macCatalyst(.v17)],
  products: [
    .library(name: "ReactorFlow", targets: ["ReactorFlow"]),
    .library(name: "ReactorFlowTesting", targets: ["ReactorFlowTesting"]),
    .executable(name: "diary", targets: ["diary"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-async-algorithms", from: "1.1.4"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
  ],
  targets: [
    .target(
      name: "ReactorFlow",
      dependencies: [.product(name: "AsyncAlgorithms", package: "swift-async-algorithms")]
    ),
    .target(
      name: "ReactorFlowTesting",
      dependencies: [
        "ReactorFlow",
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "CustomDump", package: "swift-custom-dump"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    .executableTarget(name: "diary", dependencies: ["ReactorFlow"]),
    .testTarget(
      name: "ReactorFlowTests",
      dependencies: [
        "ReactorFlow",
        "ReactorFlowTesting",
        .product(name: "AsyncAlgorithms", package: "swift-async-algorithms"),
        .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
        .product(name: "Clocks", package: "swift-clocks"),
      ]
    ),
    .testTarget(
      name: "ReactorFlowTestingTests",
      dependencies: ["ReactorFlowTesting", .product(name: "Clocks", package: "swift-clocks")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
