import ProjectDescription

let project = Project(
    name: "Feature",
    targets: [
        .target(
            name: "Feature",
            destinations: .iOS,
            product: .framework,
            bundleId: "dev.example.feature",
            sources: ["Sources/**"],
            dependencies: [.project(target: "Core", path: .relativeToRoot("Projects/Core"))]
        ),
    ]
)
