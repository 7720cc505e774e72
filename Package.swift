// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Strata",
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "Strata", targets: ["Strata"]),
        .library(name: "StrataCore", targets: ["StrataCore"]),
        .library(name: "StrataInMemory", targets: ["StrataInMemory"]),
        .library(name: "StrataConformance", targets: ["StrataConformance"]),
        .library(name: "StrataSQL", targets: ["StrataSQL"]),
        .library(name: "StrataSQLite", targets: ["StrataSQLite"]),
        .library(name: "StrataPostgres", targets: ["StrataPostgres"]),
        .library(name: "StrataAsync", targets: ["StrataAsync"]),
        .library(name: "StrataServiceLifecycle", targets: ["StrataServiceLifecycle"]),
        .library(name: "StrataSync", targets: ["StrataSync"]),
        .library(name: "StrataSyncHTTP", targets: ["StrataSyncHTTP"]),
        .executable(name: "strata", targets: ["StrataCLI"]),
        .executable(name: "strata-example", targets: ["StrataExample"]),
    ],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax.git", exact: "603.0.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", exact: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", exact: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", exact: "2.13.0"),
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", exact: "1.7.3"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", exact: "2.13.0"),
    ],
    targets: [
        // The model layer: models, schema, identifiers, container, context, the DataStore protocol.
        .target(
            name: "StrataCore",
            dependencies: [
                "StrataMacros", .product(name: "Logging", package: "swift-log"), .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Tracing", package: "swift-distributed-tracing"),
            ],
            path: "Sources/StrataCore"),
        .macro(
            name: "StrataMacros",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ],
            path: "Sources/StrataMacros"
        ),
        // The framework users import: the model layer plus the built-in embedded stores.
        .target(name: "Strata", dependencies: ["StrataCore", "StrataInMemory", "StrataSQLite"], path: "Sources/Strata"),
        .target(name: "StrataInMemory", dependencies: ["StrataCore"], path: "Backends/InMemory"),
        // SwiftData's context calls in their suspending forms for `async` code, for a module that
        // imports it; no other product re-exports it (SwiftData code compiles unchanged).
        .target(name: "StrataAsync", dependencies: ["StrataCore"], path: "Sources/StrataAsync"),
        // The shared SQL layer: syntax, dialects, predicate and schema translation. Knows no backend.
        .target(name: "StrataSQL", dependencies: ["StrataCore"], path: "Sources/StrataSQL"),
        .systemLibrary(
            name: "CSQLite", path: "Backends/SQLite/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "StrataSQLite", dependencies: ["StrataCore", "StrataSQL", "CSQLite"], path: "Backends/SQLite/Store"),
        .systemLibrary(
            name: "CLibPQ", path: "Backends/Postgres/CLibPQ", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]),
        .target(
            name: "StrataPostgres", dependencies: ["StrataCore", "StrataSQL", "CLibPQ", .product(name: "Metrics", package: "swift-metrics")],
            path: "Backends/Postgres/Store"),
        // PostgresStore as a swift-service-lifecycle Service; its own target so the store does not pull in async-algorithms.
        .target(
            name: "StrataServiceLifecycle",
            dependencies: ["StrataPostgres", .product(name: "ServiceLifecycle", package: "swift-service-lifecycle")],
            path: "Backends/Postgres/ServiceLifecycle"),
        // JSON import/export and upsert-and-reconcile over any store, on StrataCore's public API only.
        .target(name: "StrataSync", dependencies: ["StrataCore"], path: "Sources/StrataSync"),
        // Replication over HTTP: URLSession's client transport and the endpoints' shared names and statuses.
        .target(name: "StrataSyncHTTP", dependencies: ["StrataSync"], path: "Sources/StrataSyncHTTP"),
        // The conformance suite any backend runs; it imports no test framework.
        .target(name: "StrataConformance", dependencies: ["StrataCore", .product(name: "Logging", package: "swift-log")], path: "Conformance"),
        .executableTarget(name: "StrataExample", dependencies: ["Strata"], path: "Sources/StrataExample"),
        // A third-party-style store written only against StrataCore's public API (docs/writing-a-backend.md).
        .target(name: "JSONFileStore", dependencies: ["StrataCore"], path: "Examples/JSONFileStore"),
        // `strata demo`, `strata conformance`, `strata replicate` and the other commands.
        .executableTarget(
            name: "StrataCLI",
            dependencies: ["Strata", "StrataAsync", "StrataSQL", "StrataPostgres", "StrataConformance", "StrataSync", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Sources/StrataCLI"
        ),
        // Test probes (Tests/Probes): programs and libraries the tests and benchmarks run, built
        // beside them and no product of the package.
        // Seeds, migrates and checks a store, for tests that kill a migration at random points.
        .executableTarget(
            name: "StrataMigrationCrashProbe", dependencies: ["Strata", "StrataPostgres", "StrataMigrationProbeSupport"],
            path: "Tests/Probes/StrataMigrationCrashProbe"),
        // Starts the probe as a child process; shared by the probe and the tests that drive it
        // (tests import a library, not the executable).
        .target(name: "StrataMigrationProbeSupport", path: "Tests/Probes/StrataMigrationProbeSupport"),
        // Saves to a store from a second process, for cross-process change tests and the
        // commit-latency benchmark; its logic is a library the tests and the benchmark import.
        .executableTarget(name: "StrataChangeProbe", dependencies: ["StrataChangeProbeSupport"], path: "Tests/Probes/StrataChangeProbe"),
        .target(name: "StrataChangeProbeSupport", dependencies: ["Strata", "StrataAsync", "StrataPostgres", "StrataConformance"], path: "Tests/Probes/StrataChangeProbeSupport"),
        // A replication client whose every server request runs in a child process, for the tests
        // that SIGKILL a client or the server at random points of a sync; its logic (and the
        // fault run that drives it) is a library the tests import.
        .executableTarget(name: "StrataReplicationProbe", dependencies: ["StrataReplicationProbeSupport"], path: "Tests/Probes/StrataReplicationProbe"),
        .target(
            name: "StrataReplicationProbeSupport", dependencies: ["Strata", "StrataSync", "StrataSyncCases", "StrataMigrationProbeSupport"],
            path: "Tests/Probes/StrataReplicationProbeSupport"),
        // Strata against raw libsqlite3 in one process: `swift run -c release StrataBenchmark`.
        .executableTarget(
            name: "StrataBenchmark",
            dependencies: [
                "Strata", "StrataAsync", "StrataSync", "CSQLite", "StrataPostgres", "CLibPQ", "StrataChangeProbeSupport", "StrataConformance", .product(name: "Logging", package: "swift-log"),
                .product(name: "MetricsTestKit", package: "swift-metrics"), .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            path: "Benchmarks/StrataBenchmark"),

        .testTarget(
            name: "StrataCoreTests",
            dependencies: [
                "Strata", "StrataConformance", .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "InMemoryTracing", package: "swift-distributed-tracing"),
            ],
            path: "Tests/StrataCoreTests"),
        .testTarget(
            name: "StrataMacrosTests",
            dependencies: [
                "StrataMacros",
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ],
            path: "Tests/StrataMacrosTests"
        ),
        .testTarget(name: "StrataCLITests", dependencies: ["StrataCLI"], path: "Tests/StrataCLITests"),
        .testTarget(name: "StrataSQLTests", dependencies: ["StrataSQL"], path: "Tests/StrataSQLTests"),
        .testTarget(name: "JSONFileStoreTests", dependencies: ["JSONFileStore", "StrataConformance", "StrataSwift5Cases"], path: "Tests/JSONFileStoreTests"),
        .testTarget(
            name: "StrataSQLiteTests",
            dependencies: [
                "StrataSQLite", "StrataConformance", "StrataMigrationCrashProbe", "StrataMigrationProbeSupport", "StrataChangeProbe",
                "StrataChangeProbeSupport", "StrataSwift5Cases", .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/StrataSQLiteTests"
        ),
        .testTarget(
            name: "StrataPostgresTests",
            dependencies: [
                "StrataPostgres", "StrataAsync", "StrataSQLite", "StrataServiceLifecycle", "StrataConformance", "StrataMigrationCrashProbe", "StrataMigrationProbeSupport", "StrataSyncCases",
                "StrataChangeProbe", "StrataChangeProbeSupport", "StrataCLI", "CLibPQ", "StrataSwift5Cases",
                .product(name: "MetricsTestKit", package: "swift-metrics"),
                .product(name: "ServiceLifecycleTestKit", package: "swift-service-lifecycle"),
            ],
            path: "Tests/StrataPostgresTests"
        ),
        // A module where one file imports StrataPostgres and another is SwiftData code calling
        // the context synchronously from `async` functions: it must compile unchanged.
        .testTarget(name: "StrataPostgresImportTests", dependencies: ["Strata", "StrataPostgres"], path: "Tests/StrataPostgresImportTests"),
        // The sync rules as a table of cases, run against every store by StrataSyncTests
        // (in-memory, SQLite) and StrataPostgresTests (on its shared throwaway server).
        .target(name: "StrataSyncCases", dependencies: ["StrataSync", "StrataConformance"], path: "Tests/StrataSyncCases"),
        .testTarget(
            name: "StrataSyncTests", dependencies: ["StrataSyncCases", "Strata", "StrataReplicationProbe", "StrataReplicationProbeSupport"],
            path: "Tests/StrataSyncTests"),
        // Models with `let` properties, which the compiler gives `@Model`'s accessors in the Swift 5
        // language mode only (as for SwiftData); the four stores' test targets run these cases.
        .target(
            name: "StrataSwift5Cases", dependencies: ["StrataConformance"], path: "Tests/StrataSwift5Cases",
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "StrataInMemoryTests",
            dependencies: ["StrataInMemory", "StrataConformance", "StrataSwift5Cases"],
            path: "Tests/StrataInMemoryTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
