import ProjectDescription
import ProjectDescriptionHelpers
import Modules

let project = Project.module(
    .feature(.novelReview),
    dependencies: [.module(.domain(.auth))],
    synthesizers: .default + [.custom(name: "Lottie", parser: .json, extensions: ["json"])]
)
