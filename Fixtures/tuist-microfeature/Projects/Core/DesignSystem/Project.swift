import ModulePathsPlugin
import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.makeModule(name: ModulePaths.Core.DesignSystem.rawValue, product: .framework)
