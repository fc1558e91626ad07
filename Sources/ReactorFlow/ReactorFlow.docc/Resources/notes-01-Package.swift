// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Notes",
  platforms: [.iOS(.v17), .macOS(.v14)],
  dependencies: [
    .package(path: "../ReactorFlow")
  ],
  targets: [
    .target(
      name: "Notes",
      dependencies: [
        .product(name: "ReactorFlow", package: "ReactorFlow"),
        .product(name: "ReactorFlowHeadless", package: "ReactorFlow"),
      ]
    ),
    .testTarget(
      name: "NotesTests",
      dependencies: [
        "Notes",
        .product(name: "ReactorFlowHeadless", package: "ReactorFlow"),
        .product(name: "ReactorFlowTesting", package: "ReactorFlow"),
      ]
    ),
  ]
)
