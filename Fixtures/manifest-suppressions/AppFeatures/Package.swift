// swift-tools-version: 5.9
import PackageDescription

let package = Package(
    name: "AppFeatures",
    platforms: [.iOS(.v16)],
    targets: [
        .target(name: "ProfileInterface"),
        .target(
            name: "HomeFeature",
            dependencies: [
                "ProfileInterface",
                // archlint:disable:next cross-feature-import - the profile card moves behind ProfileInterface next release
                "ProfileFeature",
            ]
        ),
        .target(name: "ProfileFeature", dependencies: ["ProfileInterface"]), // archlint:disable:this cross-feature-import
        // archlint:disable:nxt unused-dependency
        .testTarget(name: "HomeFeatureTests", dependencies: ["HomeFeature"]),
    ]
)
