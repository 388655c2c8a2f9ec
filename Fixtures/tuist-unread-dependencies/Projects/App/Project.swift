import ProjectDescription

let project = Project(
    name: "App",
    targets: [
        .target(
            name: "App",
            destinations: .iOS,
            product: .app,
            bundleId: "dev.example.app",
            sources: ["Sources/**"],
            dependencies: [
                .project(target: "Feature", path: .relativeToRoot("Projects/Feature")),
                .fromPlugin("Network"),
            ]
        ),
    ]
)
