import ArchlintModel

/// Projects that are test data of a package's own tests: an Xcode project, workspace, XcodeGen spec, Tuist manifest
/// or `Package.swift` whose folder lies inside a SwiftPM test target's directory, or inside the package's `Tests/`
/// folder when its test targets live there (XcodeGen keeps the projects its tests generate in `Tests/Fixtures`).
/// SwiftPM compiles none of them; they exist to be read by the tests. Such a folder is skipped whole (its projects,
/// manifests and Swift files) and counted (`DiscoverySkips.testFixtureProjects`), like a template folder.
///
/// Never a test folder: a test target's directory that is the package's own (`path: "."`) or holds the directory
/// of a target that is not a test (a catch-all), so a real app beside a package is never taken for test data. A
/// project folder inside a non-test target's directory (a helper target in `Tests/`) is not test data either.
struct TestFixtureProjects: Sendable {
    /// The skipped folders, root-relative, none inside another.
    let folders: [String]

    /// - Parameter packages: every `Package.swift` read, as projects (`.swiftpm`).
    init(packages: [ProjectFacts], tree: DiscoveredTree, spelling: WalkedSpelling) {
        var testFolders: [String] = []
        var otherTargetFolders: [String] = []
        for manifest in packages {
            let package = RelativePath.parent(manifest.path)
            let layouts = manifest.targets.map {
                ($0.type, TargetLayout(
                    target: $0, packageDirectory: package, existingDirectories: tree.directories, spelling: spelling
                ).directory)
            }
            let others = layouts.compactMap { $0.0 == .test ? nil : $0.1 }
            let targetFolders = layouts.compactMap { $0.0 == .test ? $0.1 : nil }
            testFolders += targetFolders.filter { folder in
                folder != package && !others.contains { RelativePath.isInside($0, folder) }
            }
            // SwiftPM's `Tests/` folder, when a test target lives directly in it: what no target claims there is
            // data of the tests (a helper target in it keeps its own folder).
            if let tests = RelativePath.join(package, "Tests").map(spelling.of),
               targetFolders.contains(where: { RelativePath.parent($0) == tests }) {
                testFolders.append(tests)
            }
            otherTargetFolders += others
        }
        guard !testFolders.isEmpty else {
            folders = []
            return
        }
        let projectFolders = Set(Self.projectFolders(tree))
        let skipped = projectFolders.filter { folder in
            testFolders.contains { folder != $0 && RelativePath.isInside(folder, $0) }
                && !otherTargetFolders.contains { RelativePath.isInside(folder, $0) }
        }
        folders = skipped.filter { folder in
            !skipped.contains { $0 != folder && RelativePath.isInside(folder, $0) }
        }.sorted()
    }

    /// The folder of every project discovery found: a manifest's, an `.xcodeproj`'s or `.xcworkspace`'s parent,
    /// an XcodeGen spec's, a Tuist `Project.swift`'s or `Workspace.swift`'s.
    static func projectFolders(_ tree: DiscoveredTree) -> [String] {
        var folders = tree.manifests.map { RelativePath.parent($0.path) }
        for file in tree.projectFiles {
            let name = RelativePath.lastComponent(file.path)
            let parent = RelativePath.parent(file.path)
            if name == "project.pbxproj" || name == "contents.xcworkspacedata" {
                folders.append(RelativePath.parent(parent))
            } else if name == "project.yml" || name == "project.yaml" {
                folders.append(parent)
            }
        }
        for file in tree.tuistFiles where file.role == .projectManifest || file.role == .workspaceManifest {
            folders.append(RelativePath.parent(file.file.path))
        }
        return folders
    }

    var isEmpty: Bool { folders.isEmpty }

    /// True when `path` lies in a skipped folder.
    func contains(_ path: String) -> Bool {
        folders.contains { RelativePath.isInside(path, $0) }
    }

    /// `tree` without what lies in a skipped folder: Swift files, manifests, project and Tuist files.
    func removing(from tree: DiscoveredTree) -> DiscoveredTree {
        guard !isEmpty else { return tree }
        var tree = tree
        let kept = tree.swiftFiles.indices.filter { !contains(tree.swiftFiles[$0].path) }
        tree.swiftFiles = kept.map { tree.swiftFiles[$0] }
        tree.swiftFileStatuses = kept.map { tree.swiftFileStatuses[$0] }
        tree.manifests.removeAll { contains($0.path) }
        tree.projectFiles.removeAll { contains($0.path) }
        tree.tuistFiles.removeAll { contains($0.file.path) }
        return tree
    }
}
