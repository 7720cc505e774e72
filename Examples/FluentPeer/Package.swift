// swift-tools-version: 6.1
import PackageDescription

// The StrataServer example's service on Fluent (FluentKit + the PostgreSQL driver) under the same
// Hummingbird version: the peer `scripts/bench-server` measures Strata against. Not built by test-all.
let package = Package(
    name: "FluentPeer",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "fluent-peer", targets: ["FluentPeer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/vapor/fluent-kit.git", exact: "1.57.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver.git", exact: "2.14.0"),
        .package(path: "../ServerAPI"),
    ],
    targets: [
        .executableTarget(
            name: "FluentPeer",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "ServerAPI", package: "ServerAPI"),
            ],
            path: "Sources/FluentPeer"
        ),
    ],
    swiftLanguageModes: [.v6]
)
