// swift-tools-version: 6.1
import PackageDescription

// Benchmarks for ContentLoading, kept in their own package so the framework itself has no
// dependencies. Run from this directory: `swift package benchmark`; see docs/Benchmarks.md.
let package = Package(
    name: "ContentLoadingBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(name: "ContentLoading", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "ContentLoadingBenchmarks",
            dependencies: [
                .product(name: "ContentLoading", package: "ContentLoading"),
                .product(name: "ContentLoadingTestSupport", package: "ContentLoading"),
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ],
            path: "Benchmarks/ContentLoadingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The hot path alone, for callgrind; not a benchmark (the plugin runs only the targets
        // in Benchmarks/).
        .executableTarget(
            name: "HotPathProfile",
            dependencies: [
                .product(name: "ContentLoading", package: "ContentLoading"),
                .product(name: "ContentLoadingTestSupport", package: "ContentLoading"),
            ],
            path: "Profile/HotPathProfile"
        ),
    ],
    swiftLanguageModes: [.v6]
)
