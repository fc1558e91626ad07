// swift-tools-version: 6.0
import Foundation
import PackageDescription

// The demo app, a diary in the terminal, in a package of its own so that its dependencies (GRDB
// for the database, swift-argument-parser for the command line) never reach an app that depends
// on the library. It depends on the library by path; a path dependency is named after its
// folder, which is whatever the clone is called.
let library = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "Diary",
  platforms: [.macOS(.v14)],
  products: [.executable(name: "diary", targets: ["diary"])],
  dependencies: [
    .package(path: "../.."),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
  ],
  targets: [
    // The app's screens, reactors, flows and terminal rendering live in DiaryApp (so the
    // transcript tests can drive them); `diary` only parses options and runs the loop.
    .target(
      name: "DiaryApp",
      dependencies: [
        .product(name: "ReactorFlowHeadless", package: library),
        .product(name: "ReactorFlowExplorer", package: library),
        .product(name: "ReactorFlowJournal", package: library),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
    .executableTarget(
      name: "diary",
      dependencies: ["DiaryApp", .product(name: "ArgumentParser", package: "swift-argument-parser")]
    ),
    .testTarget(
      name: "DiaryAppTests",
      dependencies: [
        "DiaryApp",
        .product(name: "ReactorFlowTesting", package: library),
        .product(name: "ReactorFlowExplorer", package: library),
        .product(name: "Clocks", package: "swift-clocks"),
        .product(name: "GRDB", package: "GRDB.swift"),
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
