// import ProjectDescription
// import ProjectDescriptionHelpers
//
// let project = Project.module(.feature(.blank))
