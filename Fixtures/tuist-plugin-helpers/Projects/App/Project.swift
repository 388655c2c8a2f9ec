import DependencyPlugin
import ProjectDescription
import ProjectDescriptionHelpers

let project = Project(
    name: "App",
    targets: [
        .target(
            name: Environment.appName,
            destinations: .iOS,
            product: .app,
            bundleId: "shop.app",
            sources: ["Sources/**"],
            dependencies: [.Feature.Profile]
                + [Module.utils, .repository].map(\.project)
                + ExternalDependency.allCases.filter(\.isCoreDependency).map(\.dependency)
        ),
    ]
)
