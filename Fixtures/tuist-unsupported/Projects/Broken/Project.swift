import ProjectDescription

let project = Project(
    name: "Broken",
    targets: [
        Target(name: "Broken", platform: .iOS, product: .framework, bundleId: "dev.example.broken", sources: ["Sources/**"]
    ]
)
