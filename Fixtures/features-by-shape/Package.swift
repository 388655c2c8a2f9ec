// swift-tools-version: 5.9
import PackageDescription

// No .archlint.yml: features are recognised by their shape, not by a `Feature` suffix.
let package = Package(
    name: "ShapedApp",
    platforms: [.iOS(.v16)],
    products: [
        .library(name: "AppRoot", targets: ["AppRoot"]),
    ],
    targets: [
        .target(name: "NetworkingInterface", path: "Core/NetworkingInterface"),
        .target(name: "Networking", dependencies: ["NetworkingInterface"], path: "Core/Networking"),
        .target(name: "Theme", path: "Features/Theme/Sources"),
        .target(name: "HomeInterface", path: "Features/Home/Interface"),
        .target(name: "Home", dependencies: ["HomeInterface", "Theme", "NetworkingInterface", "TokenStore"], path: "Features/Home/Sources"),
        .target(name: "HomeTesting", dependencies: ["HomeInterface"], path: "Features/Home/Testing"),
        .testTarget(name: "HomeTests", dependencies: ["Home", "HomeTesting"], path: "Features/Home/Tests"),
        .target(name: "ProfileInterface", path: "Features/Profile/Interface"),
        .target(name: "Profile", dependencies: ["ProfileInterface", "Theme", "HomeInterface"], path: "Features/Profile/Sources"),
        .target(name: "Settings", dependencies: ["Theme", "ProfileInterface", "Profile"], path: "Features/Settings/Sources"),
        .target(name: "TokenStoreInterface", path: "Modules/TokenStoreInterface"),
        .target(name: "TokenStore", dependencies: ["TokenStoreInterface"], path: "Modules/TokenStore"),
        .target(name: "AppRoot", dependencies: ["Home", "Profile", "Settings", "Networking"], path: "Sources/AppRoot"),
    ]
)
