import Foundation
import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.framework("Repository", dependencies: [
    Module.utils.project,
    .external(name: FileManager.default.currentDirectoryPath),
])
