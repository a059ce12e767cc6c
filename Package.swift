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
    ],
    dependencies: [
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1")
    ],
    targets: [
        .target(
            name: "LinkRouting",
            swiftSettings: swiftSettings
        ),
        .target(
            name: "LinkNavigation",
            dependencies: ["LinkRouting"],
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
