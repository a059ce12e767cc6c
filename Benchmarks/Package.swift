// swift-tools-version: 6.1
import PackageDescription

/// The root package (LinkRouting) is referenced by path; SwiftPM names a path dependency after its
/// directory, so derive that name instead of hard-coding the clone's folder name.
let rootIdentity: String = {
    let parts = Context.packageDirectory.split(separator: "/")
    return parts.count >= 2 ? String(parts[parts.count - 2]).lowercased() : "linkrouter"
}()

let package = Package(
    name: "linkrouter-benchmarks",
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/vapor/routing-kit.git", exact: "4.9.3"),
        .package(url: "https://github.com/ordo-one/malloc-interposer.git", from: "1.6.1"),
        // The HTTP peer of bench-http.sh: the same engine behind Hummingbird's HTTP stack.
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", exact: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.14.0"),
    ],
    targets: [
        .executableTarget(
            name: "MatchBenchmark",
            dependencies: [
                .product(name: "LinkRouting", package: rootIdentity),
                .product(name: "RoutingKit", package: "routing-kit"),
                // Not linked on Linux: there a linked libMallocInterposerSwift.so comes before libc in the
                // lookup order, so its malloc wrapper would run in every process of the binary, LD_PRELOAD
                // or not, and slow the timed lookups. bench-match.sh builds the product on its own
                // (`--product MallocInterposerSwift`) and preloads it; Allocations.swift finds it with
                // dlsym. On macOS a linked dylib does not interpose (only DYLD_INSERT_LIBRARIES does).
                .product(
                    name: "MallocInterposerSwift",
                    package: "malloc-interposer",
                    condition: .when(platforms: [.macOS])
                ),
            ],
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"])]
        ),
        .executableTarget(
            name: "StoreBenchmark",
            dependencies: [
                .product(name: "LinkNavigation", package: rootIdentity),
                .product(name: "LinkRouting", package: rootIdentity),
            ],
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"])]
        ),
        // bench-http.sh's peer: POST /v1/sessions/{id}/navigate through Hummingbird 2, answered by the
        // root package's APIResponder, so that only the HTTP stack differs from linkrouterd.
        .executableTarget(
            name: "HummingbirdPeer",
            dependencies: [
                .product(name: "LinkRouter", package: rootIdentity),
                .product(name: "LinkRouterHTTP", package: rootIdentity),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.unsafeFlags(["-cross-module-optimization"])],
            // The allocator linkrouterd links (root Package.swift), so that only the HTTP stack differs.
            linkerSettings: [.linkedLibrary("mimalloc", .when(platforms: [.linux]))]
        ),
    ],
    swiftLanguageModes: [.v6]
)
