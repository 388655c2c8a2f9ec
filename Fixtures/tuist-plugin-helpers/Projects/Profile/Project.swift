import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.framework("Profile", dependencies: [Module.utils.project])
