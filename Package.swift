// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ContentLoading",
    // `Synchronization.Atomic` (the lock-free validity check) sets the floor.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "ContentLoading", targets: ["ContentLoading"]),
        .library(name: "ContentLoadingTestSupport", targets: ["ContentLoadingTestSupport"]),
        .executable(name: "demo", targets: ["Demo"]),
    ],
    targets: [
        .target(name: "ContentLoading"),
        .target(name: "ContentLoadingTestSupport", dependencies: ["ContentLoading"]),
        .executableTarget(
            name: "Demo", dependencies: ["ContentLoading"], path: "Demo",
            exclude: ["README.md"]),  // the demo's manual
        .testTarget(name: "ContentLoadingTests", dependencies: ["ContentLoading", "ContentLoadingTestSupport"]),
        .testTarget(
            name: "ContentLoadingRaceTests", dependencies: ["ContentLoading", "ContentLoadingTestSupport"]),
        .testTarget(name: "DemoTests", dependencies: ["Demo", "ContentLoadingTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Settings every target shares.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
