// swift-tools-version: 6.1
import PackageDescription

// A Hummingbird 2 REST service over Strata, kept out of the core package so the library stays light.
let package = Package(
    name: "StrataServer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "strata-server", targets: ["StrataServerApp"]),
        .library(name: "StrataReplicationServer", targets: ["StrataReplicationServer"]),
    ],
    dependencies: [
        .package(name: "Strata", path: "../.."),
        .package(path: "../ServerAPI"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-nio.git", exact: "2.101.3"),
    ],
    targets: [
        // Replication's two endpoints (issue 33) on any Hummingbird router, over a ReplicationServer.
        .target(
            name: "StrataReplicationServer",
            dependencies: [
                .product(name: "StrataSync", package: "Strata"),
                .product(name: "StrataSyncHTTP", package: "Strata"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Sources/StrataReplicationServer"
        ),
        // The service: model, routes, error mapping, store configuration.
        .target(
            name: "StrataServer",
            dependencies: [
                .product(name: "Strata", package: "Strata"),
                .product(name: "StrataPostgres", package: "Strata"),
                .product(name: "StrataAsync", package: "Strata"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServerAPI", package: "ServerAPI"),
                .product(name: "StrataSync", package: "Strata"),
                "StrataReplicationServer",
            ],
            path: "Sources/StrataServer"
        ),
        // `strata-server`: reads STRATA_STORE and serves.
        .executableTarget(name: "StrataServerApp", dependencies: ["StrataServer"], path: "Sources/StrataServerApp"),
        .testTarget(
            name: "StrataServerTests",
            dependencies: [
                "StrataServer",
                "StrataReplicationServer",
                .product(name: "StrataSyncHTTP", package: "Strata"),
                .product(name: "ServerAPI", package: "ServerAPI"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
            ],
            path: "Tests/StrataServerTests"
        ),
    ],
    swiftLanguageModes: [.v6]
)
