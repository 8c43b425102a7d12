// swift-tools-version: 6.1
import PackageDescription

// ContentLoading's SQLite integration, in a package of its own so that the framework keeps no
// dependencies. It depends on the framework (by path: it lives in the framework's repository)
// and on GRDB, which links the system SQLite (`libsqlite3-dev` on Debian and Ubuntu).
let package = Package(
    name: "ContentLoadingGRDB",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "ContentLoadingGRDB", targets: ["ContentLoadingGRDB"]),
        .executable(name: "grdb-demo", targets: ["GRDBDemo"]),
    ],
    dependencies: [
        .package(name: "ContentLoading", path: "../.."),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    ],
    targets: [
        .target(
            name: "ContentLoadingGRDB",
            dependencies: [
                .product(name: "ContentLoading", package: "ContentLoading"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // A process the fault tests kill with SIGKILL in the middle of a refresh's write.
        .executableTarget(
            name: "RefreshWriterChild",
            dependencies: [
                "ContentLoadingGRDB",
                .product(name: "ContentLoading", package: "ContentLoading"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // An offline-capable demo over a database file: `swift run grdb-demo --database PATH`.
        .executableTarget(
            name: "GRDBDemo",
            dependencies: [
                "ContentLoadingGRDB",
                .product(name: "ContentLoading", package: "ContentLoading"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // The integration measured side by side with GRDB alone (docs/Benchmarks.md):
        // `swift run -c release GRDBBenchmarks`.
        .executableTarget(
            name: "GRDBBenchmarks",
            dependencies: [
                "ContentLoadingGRDB",
                .product(name: "ContentLoading", package: "ContentLoading"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "ContentLoadingGRDBTests",
            dependencies: [
                "ContentLoadingGRDB",
                "RefreshWriterChild",
                "GRDBDemo",
                .product(name: "ContentLoadingTestSupport", package: "ContentLoading"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// Settings every target shares, as in the framework's own manifest.
for target in package.targets {
    var settings = target.swiftSettings ?? []
    settings.append(.enableUpcomingFeature("ExistentialAny"))
    settings.append(.enableUpcomingFeature("InternalImportsByDefault"))
    target.swiftSettings = settings
}
