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
    ],
    swiftLanguageModes: [.v6]
)
