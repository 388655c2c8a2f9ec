// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "Features",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "HomeFeature", targets: ["HomeFeature"]),
        .library(name: "ProfileFeature", targets: ["ProfileFeature"]),
    ],
    dependencies: [
        .package(path: "../CoreKit"),
        .package(url: "https://github.com/airbnb/lottie-spm.git", from: "4.4.0"),
    ],
    targets: [
        .target(name: "HomeInterface"),
        .target(
            name: "HomeFeature",
            dependencies: [
                "HomeInterface",
                .product(name: "CoreKit", package: "CoreKit"),
                .product(name: "Lottie", package: "lottie-spm"),
            ]
        ),
        .target(
            name: "ProfileFeature",
            dependencies: [
                "HomeInterface",
                .product(name: "CoreKit", package: "CoreKit"),
            ]
        ),
        .testTarget(name: "ProfileFeatureTests", dependencies: ["ProfileFeature"]),
    ]
)
