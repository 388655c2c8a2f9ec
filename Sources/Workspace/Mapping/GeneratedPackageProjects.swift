import ArchlintModel

/// Xcode projects that `swift package generate-xcodeproj` made from the `Package.swift` beside them: a target
/// `<Name>PackageDescription` that compiles just that manifest. Their targets mirror the package's, so reading both
/// would report every finding once per build system. The package is the source; such a project is skipped whole
/// and counted (`DiscoverySkips.generatedPackageProjects`). Only when that `Package.swift` was read as a package.
struct GeneratedPackageProjects: Sendable {
    /// The skipped `.xcodeproj` folders, root-relative, sorted.
    let paths: [String]

    init(projects: [ProjectFacts], packages: [ProjectFacts]) {
        let manifests = Set(packages.map(\.path))
        paths = projects.filter { Self.mirrorsPackage($0, manifests: manifests) }.map(\.path).sorted()
    }

    private static func mirrorsPackage(_ project: ProjectFacts, manifests: Set<String>) -> Bool {
        guard project.source == .xcodeproj,
              let manifest = RelativePath.join(RelativePath.parent(project.path), "Package.swift"),
              manifests.contains(manifest) else { return false }
        return project.targets.contains { $0.name.hasSuffix("PackageDescription") && $0.swiftSources == [manifest] }
    }

    func contains(_ path: String) -> Bool {
        paths.contains { RelativePath.isInside(path, $0) }
    }

    /// Other projects' dependencies on a target of a skipped project (a project reference, as a sample app makes)
    /// name the package's target of that name instead: a module by name.
    func redirectingDependencies(in projects: [ProjectFacts]) -> [ProjectFacts] {
        guard !paths.isEmpty else { return projects }
        return projects.map { project in
            var project = project
            for target in project.targets.indices {
                for index in project.targets[target].dependencies.indices {
                    let dependency = project.targets[target].dependencies[index]
                    guard dependency.kind == .target, let other = dependency.project, contains(other) else { continue }
                    project.targets[target].dependencies[index].kind = .module
                    project.targets[target].dependencies[index].project = nil
                }
            }
            return project
        }
    }
}
