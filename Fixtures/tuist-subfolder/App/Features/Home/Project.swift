import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.module("Home", dependencies: [.feature("Core")])
