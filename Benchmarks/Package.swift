// swift-tools-version: 6.1
import Foundation
import PackageDescription

// A path dependency is named after its folder, which is whatever the clone is called.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
  .lastPathComponent

// The benchmarks live in their own package so that their dependencies stay out of the library.
// Run them with `bash Benchmarks/ratios.sh` (from the repository root).
let package = Package(
  name: "ReactorFlowBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "ReactorBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ReactorFlow", package: root),
      ],
      path: "Benchmarks/ReactorBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "FlowBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ReactorFlowHeadless", package: root),
      ],
      path: "Benchmarks/FlowBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // The synchronous workloads as a plain program, for callgrind's instruction counts.
    .executableTarget(
      name: "Workloads",
      dependencies: [.product(name: "ReactorFlowHeadless", package: root)],
      path: "Benchmarks/Workloads"
    ),
    // The two journeys of docs/ARCHITECTURE.md, traced by scripts/journeys.sh in a debug build.
    .executableTarget(
      name: "Journeys",
      dependencies: [.product(name: "ReactorFlowHeadless", package: root)],
      path: "Benchmarks/Journeys"
    ),
    // The journal's workloads (reading, replaying, restoring, appending) for callgrind's counts
    // per entry: see journal-ratios.sh.
    .executableTarget(
      name: "JournalWorkloads",
      dependencies: [
        .product(name: "ReactorFlowExplorer", package: root),
        .product(name: "ReactorFlowJournal", package: root),
        .product(name: "ReactorFlowHeadless", package: root),
      ],
      path: "Benchmarks/JournalWorkloads"
    ),
  ],
  swiftLanguageModes: [.v6]
)
