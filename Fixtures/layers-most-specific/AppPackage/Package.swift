// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "AppPackage",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "ProfileFeature", targets: ["ProfileFeature"]),
    ],
    targets: [
        .target(name: "ProfileFeature", dependencies: ["UserService", "BaseService"]),
        .target(name: "UserService", dependencies: ["BaseService", "Logging"]),
        .target(name: "BaseService"),
        .target(name: "Logging", dependencies: ["BaseService"]),
        .target(name: "LegacyService", dependencies: ["UserService"]),
    ]
)
