import ArchlintModel

/// The micro-feature template's folder conventions (`Projects/<Layer>/<Name>/{Sources,Interface,Testing,Tests,
/// UITests,Demo}`), for a project whose manifest can't be evaluated. Used only when config asks for it, never
/// silently: each project read this way says so in an issue.
enum TuistConventions {
    private struct Role {
        var folder: String
        var suffix: String
        var type: ModuleType
        /// The roles (by suffix) it depends on, when present.
        var dependsOn: [String]
    }

    private static let roles: [Role] = [
        Role(folder: "Interface", suffix: "Interface", type: .framework, dependsOn: []),
        Role(folder: "Sources", suffix: "", type: .staticLibrary, dependsOn: ["Interface"]),
        Role(folder: "Testing", suffix: "Testing", type: .framework, dependsOn: ["Interface"]),
        Role(folder: "Tests", suffix: "Tests", type: .unitTest, dependsOn: ["", "Testing"]),
        Role(folder: "UITests", suffix: "UITests", type: .uiTest, dependsOn: ["", "Testing"]),
        Role(folder: "Demo", suffix: "Demo", type: .app, dependsOn: ["", "Testing"]),
    ]

    /// The targets the folders next to `manifest` imply, named after the manifest's folder.
    static func project(for manifest: String, fileSystem: any ProjectFileSystem, issues: [ProjectIssue]) -> ProjectFacts {
        let folder = manifest.split(separator: "/").dropLast().joined(separator: "/")
        let name = ProjectFacts.defaultName(path: manifest)
        var targets: [ProjectTarget] = []
        var present: Set<String> = []
        for role in roles {
            let path = folder.isEmpty ? role.folder : folder + "/" + role.folder
            let sources = fileSystem.files(under: path).filter {
                $0.hasSuffix(".swift") && !$0.split(separator: "/").contains { $0.hasPrefix(".") }
            }
            guard !sources.isEmpty else { continue }
            present.insert(role.suffix)
            var target = ProjectTarget(
                name: name + role.suffix, productTypeIdentifier: nil, swiftSources: sources.sorted(),
                dependencies: role.dependsOn.filter(present.contains).map {
                    ProjectTargetDependency(kind: .target, name: name + $0, line: 1, column: 1)
                },
                file: manifest, line: 1, column: 1)
            target.type = role.type
            targets.append(target)
        }
        let note = ProjectIssue(
            file: manifest, message: "archlint could not evaluate this manifest, so its targets come from the "
                + "micro-feature folder convention, as the config asks: \(targets.map(\.name).joined(separator: ", ")); "
                + "their dependencies on other projects are missing. Declare them in `modules:` in .archlint.yml",
            line: 1, column: 1)
        return ProjectFacts(path: manifest, source: .tuist, name: name, targets: targets, issues: issues + [note])
    }
}
