import ProjectDescription
import ProjectDescriptionHelpers
import Modules

let project = Project.module(.feature(.setting))
