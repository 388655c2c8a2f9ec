import ModulePathsPlugin
import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.makeModule(
    name: ModulePaths.Feature.HomeFeature.rawValue,
    targets: [.interface, .testing, .unitTest, .demo],
    internalDependencies: [
        .domain(.AuthDomain, type: .interface),
        .core(.DesignSystem),
    ],
    interfaceDependencies: [.domain(.AuthDomain, type: .interface)]
)
