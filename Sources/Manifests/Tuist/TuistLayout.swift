import ArchlintModel

/// Which files of a repository are Tuist's: manifests, helpers and tooling, never app code. The one answer to
/// "is this a Tuist file", for discovery (what not to lint) and for the Tuist reader (what to evaluate).
public enum TuistLayout {
    public enum Role: String, Sendable, Hashable {
        /// `Project.swift`: one project, read by `TuistReader`.
        case projectManifest
        /// `Workspace.swift`.
        case workspaceManifest
        /// A helper the manifests can call: `Tuist/ProjectDescriptionHelpers/**` or a local plugin's
        /// `Plugin(s)/<Name>/ProjectDescriptionHelpers/**`.
        case helper
        /// Anything else under `Tuist/`, a plugin folder, `Tuist.swift`, `Plugin.swift`, `.tuist-bin/`,
        /// `Derived/`: tooling, neither app code nor evaluated.
        case tooling
    }

    /// The role of a `.swift` file (relative path, `/`-separated), or nil when it is app code as far as Tuist
    /// is concerned. `isTuistRepository` says whether the repository uses Tuist at all (a `Tuist/` folder or a
    /// `Tuist.swift`/`Project.swift` manifest): without it, a file named `Project.swift` is ordinary code.
    public static func role(of path: String, isTuistRepository: Bool) -> Role? {
        guard isTuistRepository else { return nil }
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let name = components.last else { return nil }
        if components.contains(where: { $0 == ".tuist-bin" || $0 == "Derived" }) { return .tooling }
        if let index = components.firstIndex(where: { $0 == "Plugin" || $0 == "Plugins" }),
           index + 1 < components.count {
            // `Plugin/<Name>/ProjectDescriptionHelpers/…` or `Plugins/<Name>/…`.
            if index + 2 < components.count, components[index + 2] == "ProjectDescriptionHelpers" { return .helper }
            return .tooling
        }
        if let index = components.firstIndex(of: "Tuist") {
            if index + 1 < components.count, components[index + 1] == "ProjectDescriptionHelpers" { return .helper }
            return .tooling
        }
        switch name {
        case "Project.swift": return .projectManifest
        case "Workspace.swift": return .workspaceManifest
        case "Tuist.swift" where components.count == 1: return .tooling
        default: return nil
        }
    }

    /// True when the paths (every file discovery found, relative) show a Tuist repository.
    public static func isTuistRepository(paths: some Sequence<String>) -> Bool {
        paths.contains { path in
            path == "Tuist.swift" || path.hasPrefix("Tuist/") || path == "Project.swift" || path == "Workspace.swift"
        }
    }
}

/// The Tuist files of one repository, as discovery found them (relative paths, sorted).
public struct TuistManifestSet: Sendable, Hashable {
    public var projects: [String]
    public var workspaces: [String]
    public var helpers: [String]

    public init(projects: [String] = [], workspaces: [String] = [], helpers: [String] = []) {
        self.projects = projects
        self.workspaces = workspaces
        self.helpers = helpers
    }

    public var isEmpty: Bool { projects.isEmpty && workspaces.isEmpty }
}

/// Tuist manifests read statically: never compiled, never run.
public enum TuistReader {
    /// One `ProjectFacts` (source `.tuist`, path the `Project.swift`) per project manifest, sorted by path; what
    /// can't be evaluated is an issue at its line.
    public static func read(_ manifests: TuistManifestSet, fileSystem: any ProjectFileSystem) -> [ProjectFacts] {
        // Issue 12: the evaluator. Until then every project is reported, never silently dropped.
        manifests.projects.map { path in
            ProjectFacts(
                path: path, source: .tuist, targets: [],
                issues: [ProjectIssue(
                    file: path, message: "Tuist manifests are not evaluated yet; map its modules with `modules:` in .archlint.yml",
                    line: 1, column: 1)])
        }
    }
}
