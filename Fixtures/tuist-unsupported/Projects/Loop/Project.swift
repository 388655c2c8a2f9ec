import ProjectDescription
import ProjectDescriptionHelpers

let project = Project(
    name: "Loop",
    targets: [
        Target(name: moduleName("Loop"), platform: .iOS, product: .framework, bundleId: "dev.example.loop", sources: ["Sources/**"]),
    ]
)
