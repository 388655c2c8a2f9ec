import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.module("Shop", product: .app, dependencies: [.feature("Home")])
