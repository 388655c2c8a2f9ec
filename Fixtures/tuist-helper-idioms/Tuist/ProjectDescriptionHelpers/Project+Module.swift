import ProjectDescription
import Modules

public extension TargetDependency {
    static func module(_ kind: ModuleKind) -> TargetDependency {
        .project(target: kind.name, path: .relativeToRoot("Projects/\(kind.folder)/\(kind.name)"))
    }
}

public extension Project {
    static func module(
        _ kind: ModuleKind,
        dependencies: [TargetDependency] = [],
        synthesizers: [ResourceSynthesizer] = .default + []
    ) -> Project {
        let sources: SourceFilesList = ["Sources/**"]
        return Project(
            name: kind.name,
            targets: [
                .target(
                    name: kind.name,
                    destinations: .iOS,
                    product: .staticFramework,
                    bundleId: "io.example.\(kind.name)",
                    sources: SourceFilesList(globs: sources.globs),
                    dependencies: dependencies
                ),
            ],
            resourceSynthesizers: synthesizers
        )
    }
}
