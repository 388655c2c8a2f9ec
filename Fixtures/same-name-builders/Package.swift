// swift-tools-version: 5.9
import PackageDescription

let ribs: Target.Dependency = .product(name: "RIBs", package: "RIBs-iOS")

let package = Package(
    name: "Profiles",
    platforms: [.iOS(.v16)],
    dependencies: [
        .package(url: "https://github.com/uber/RIBs-iOS.git", from: "1.0.0"),
    ],
    targets: [
        .target(name: "LegacyProfile", dependencies: [ribs]),
        .target(name: "ProfileKit", dependencies: [ribs]),
        .target(name: "Home", dependencies: ["ProfileKit", ribs]),
        .target(name: "Settings", dependencies: ["LegacyProfile", ribs]),
    ]
)
