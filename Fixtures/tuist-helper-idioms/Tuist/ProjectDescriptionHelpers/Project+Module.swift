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
        var entries: [String: Plist.Value] = ["CFBundleName": "$(TARGET_NAME)"]
        entries["BASE_URL"] = "$(BASE_URL)"
        return Project(
            name: kind.name,
            targets: [
                .target(
                    name: kind.name,
                    destinations: .iOS,
                    product: .staticFramework,
                    bundleId: "io.example.\(kind.name)",
                    infoPlist: .extendingDefault(with: entries),
                    sources: SourceFilesList(globs: sources.globs),
                    dependencies: dependencies
                ),
            ],
            resourceSynthesizers: synthesizers
        )
    }
}
