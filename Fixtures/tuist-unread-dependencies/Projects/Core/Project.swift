import ProjectDescription

let project = Project(
    name: "Core",
    targets: [
        .target(name: "Core", destinations: .iOS, product: .framework, bundleId: "dev.example.core", sources: ["Sources/**"]),
    ]
)
