import Foundation
import ProjectDescription

let data = FileManager.default.contents(atPath: "dependencies.json")!
let names = try! JSONDecoder().decode([String].self, from: data)

let project = Project(
    name: "Reader",
    targets: [
        Target(
            name: "Reader",
            platform: .iOS,
            product: .framework,
            bundleId: "dev.example.reader",
            sources: ["Sources/**"],
            dependencies: names.map { TargetDependency.external(name: $0) }
        ),
        Target(
            name: "ReaderTests",
            platform: .iOS,
            product: .unitTests,
            bundleId: "dev.example.reader.tests",
            sources: ["Tests/**"],
            dependencies: [.target(name: "Reader")]
        ),
    ]
)
