import ProjectDescription
import ProjectDescriptionHelpers
import Modules

#warning("move the review feature under Features/")
let project = Project.module(
    .feature(.novelReview),
    dependencies: [.module(.domain(.auth))],
    synthesizers: .default + [.custom(name: "Lottie", parser: .json, extensions: ["json"])]
)
