import ProjectDescription
import ProjectDescriptionHelpers

let project = Project.framework("Utils")
