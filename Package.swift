// swift-tools-version: 6.1
import PackageDescription

/// Upcoming features every target builds with (the Hummingbird and routing-kit habit).
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "linkrouter",
    products: [
        .library(name: "LinkRouting", targets: ["LinkRouting"]),
        .library(name: "LinkNavigation", targets: ["LinkNavigation"]),
        .library(name: "LinkRouterHTTP", targets: ["LinkRouterHTTP"]),
        .library(name: "LinkRouter", targets: ["LinkRouter"]),
        .executable(name: "linkrouterd", targets: ["linkrouterd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.0.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
    ],
    targets: [
        .target(
            name: "LinkRouting",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "ThreadSanitizerHooks",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LinkNavigation",
            dependencies: ["LinkRouting", "ThreadSanitizerHooks"],
            swiftSettings: swiftSettings
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            path: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .target(
            name: "LinkRouterHTTP",
            dependencies: ["CMicroHTTPD", "ThreadSanitizerHooks"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LinkRouter",
            dependencies: [
                "LinkRouting",
                "LinkNavigation",
                "LinkRouterHTTP",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "linkrouterd",
            dependencies: [
                "LinkRouter",
                "LinkRouterHTTP",
                "LinkNavigation",
                "LinkRouting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings,
            // mimalloc (Debian's libmimalloc-dev) comes before libc in the lookup order, so it serves
            // every malloc of the process: libmicrohttpd's per-response calloc and header copies, the
            // Swift runtime's objects. ~940 instructions and ~60 code lines fewer per request than
            // glibc's allocator, and fewer bytes per session (README, "Memory").
            linkerSettings: [.linkedLibrary("mimalloc", .when(platforms: [.linux]))]
        ),
        .testTarget(
            name: "LinkRouterTests",
            dependencies: [
                "LinkRouter",
                "LinkRouterHTTP",
                "LinkNavigation",
                "LinkRouting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LinkRouterHTTPTests",
            dependencies: ["LinkRouterHTTP"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LinkRouterLiveTests",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LinkNavigationTests",
            dependencies: [
                "LinkNavigation",
                "LinkRouting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LinkRoutingTests",
            dependencies: [
                "LinkRouting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)
