// swift-tools-version: 6.1
import PackageDescription

// The HTTP side of the example service, shared by StrataServer and its Fluent peer so that the
// two differ only in their data layer: payloads, query parsing, JSON errors, the request context.
let package = Package(
    name: "ServerAPI",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "ServerAPI", targets: ["ServerAPI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
    ],
    targets: [
        .target(
            name: "ServerAPI",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird"), .product(name: "HummingbirdCore", package: "hummingbird")],
            path: "Sources/ServerAPI"),
    ],
    swiftLanguageModes: [.v6]
)
