import ModulePathsPlugin
import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.makeModule(
    name: ModulePaths.Feature.SignupFeature.rawValue,
    product: .framework,
    targets: [.interface, .unitTest],
    internalDependencies: [
        .feature(.HomeFeature, type: .interface),
        .domain(.AuthDomain, type: .interface),
        .core(.DesignSystem),
    ]
)
