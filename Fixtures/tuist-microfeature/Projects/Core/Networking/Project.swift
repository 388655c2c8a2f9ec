import ModulePathsPlugin
import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.makeModule(
    name: ModulePaths.Core.Networking.rawValue,
    targets: [.unitTest],
    externalDependencies: [.SPM.alamofire]
)
