import ArchlintModel
import SystemSupport

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
        if let index = components.firstIndex(where: TuistFolder.matches) {
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
            path == "Tuist.swift" || path.split(separator: "/").first.map { TuistFolder.matches($0) && path.contains("/") } == true
                || path == "Project.swift" || path == "Workspace.swift"
        }
    }
}

/// The folders of a repository that hold a Tuist project, wherever archlint starts: each file's role is read
/// relative to the deepest one holding it, and `.relativeToRoot` paths in its manifests start there.
///
/// A folder is one when it holds `Tuist.swift`, Tuist's own files under `Tuist/` (`Config.swift`, `Tuist.swift`,
/// `Package.swift`, `Dependencies.swift`, `ProjectDescriptionHelpers/`), or a `Workspace.swift` with a `Project.swift` one folder
/// down (`App/{Workspace.swift,Feature/Project.swift}`); the scanned root also by `TuistLayout`'s own
/// rule (a `Tuist/` folder, `Project.swift`, `Workspace.swift`). A lone `Project.swift` or `Workspace.swift` deeper
/// down is app code as far as archlint can tell.
public struct TuistRoots: Sendable, Hashable {
    /// Root-relative folders, `""` for the scanned root, sorted.
    public private(set) var folders: [String]
    /// Local plugins wherever `Config.swift` puts them (`DependencyPlugin/`): folders holding a `Plugin.swift` and
    /// a `ProjectDescriptionHelpers/` folder, sorted. `Plugin(s)/<Name>/` ones are `TuistLayout.role`'s already.
    public private(set) var pluginFolders: [String]

    /// - Parameters:
    ///   - paths: every `.swift` file discovery found (relative).
    ///   - rootHasTuistFolder: the scanned root holds a `Tuist` directory.
    public init(paths: some Sequence<String>, rootHasTuistFolder: Bool = false) {
        var found: Set<String> = []
        var workspaces: Set<String> = []
        var manifestFolders: Set<String> = []
        var pluginManifests: Set<String> = []
        var helperParents: Set<String> = []
        for path in paths {
            let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
            guard let name = components.last else { continue }
            let folder = components.dropLast().joined(separator: "/")
            if name == "Plugin.swift" { pluginManifests.insert(folder) }
            if let helpers = components.firstIndex(of: "ProjectDescriptionHelpers") {
                helperParents.insert(components[..<helpers].joined(separator: "/"))
            }
            if let tuist = components.lastIndex(where: TuistFolder.matches), tuist + 1 < components.count {
                let inside = components[tuist + 1]
                if ["Config.swift", "Tuist.swift", "Package.swift", "Dependencies.swift", "ProjectDescriptionHelpers"].contains(inside) {
                    found.insert(components[..<tuist].joined(separator: "/"))
                }
            }
            switch name {
            // `Tuist/Tuist.swift` is one of Tuist's own files: the folder holding `Tuist/` is the root.
            case "Tuist.swift" where !(components.dropLast().last.map(TuistFolder.matches) ?? false): found.insert(folder)
            case "Workspace.swift": workspaces.insert(folder)
            case "Project.swift": manifestFolders.insert(folder)
            default: break
            }
        }
        if rootHasTuistFolder || TuistLayout.isTuistRepository(paths: paths) { found.insert("") }
        // Not `Project.swift` beside it: `Sources/{Workspace,Project}.swift` are an app's models.
        for workspace in workspaces where manifestFolders.contains(where: { RelativeFolder.parent($0) == workspace }) {
            found.insert(workspace)
        }
        folders = found.sorted()
        let roots = folders
        pluginFolders = pluginManifests.intersection(helperParents).filter { plugin in
            roots.contains { $0.isEmpty || plugin.hasPrefix($0 + "/") }
        }.sorted()
    }

    public var isEmpty: Bool { folders.isEmpty }

    /// The deepest Tuist root holding `path`, nil when none does.
    public func root(of path: String) -> String? {
        folders.last { $0.isEmpty || path.hasPrefix($0 + "/") }
    }

    /// The role of a `.swift` file (relative path) in the Tuist project holding it; nil when it is app code.
    public func role(of path: String) -> TuistLayout.Role? {
        guard let root = root(of: path) else { return nil }
        if let plugin = pluginFolders.last(where: { path.hasPrefix($0 + "/") }) {
            return path.dropFirst(plugin.count + 1).hasPrefix("ProjectDescriptionHelpers/") ? .helper : .tooling
        }
        return TuistLayout.role(of: root.isEmpty ? path : String(path.dropFirst(root.count + 1)), isTuistRepository: true)
    }
}

private enum RelativeFolder {
    static func parent(_ folder: String) -> String {
        guard let slash = folder.lastIndex(of: "/") else { return "" }
        return String(folder[..<slash])
    }
}

/// The Tuist files of one Tuist project (one of `TuistRoots`), as discovery found them (relative paths, sorted).
public struct TuistManifestSet: Sendable, Hashable {
    public var projects: [String]
    public var workspaces: [String]
    public var helpers: [String]
    /// The folder Tuist's `.relativeToRoot` starts from (`""`: the scanned root).
    public var root: String

    public init(projects: [String] = [], workspaces: [String] = [], helpers: [String] = [], root: String = "") {
        self.projects = projects
        self.workspaces = workspaces
        self.helpers = helpers
        self.root = root
    }

    public var isEmpty: Bool { projects.isEmpty && workspaces.isEmpty }
}

/// Tuist manifests read statically: never compiled, never run. Each `Project.swift` is evaluated with the
/// helpers (`Tuist/ProjectDescriptionHelpers/**`, local plugins' `ProjectDescriptionHelpers/**`) in scope, by
/// `TuistInterpreter`; `TuistProjectBuilder` turns the `Project(…)` it yields into `ProjectFacts`.
public enum TuistReader {
    /// One `ProjectFacts` (source `.tuist`, path the `Project.swift`) per project manifest, sorted by path; what
    /// can't be evaluated is an issue at its line. `Workspace.swift` declares no targets and is not read.
    ///
    /// `conventionFallback` (config asks for it): a project whose manifest yields no targets gets those of the
    /// micro-feature folder convention instead, with an issue saying so.
    public static func read(_ manifests: TuistManifestSet, fileSystem: any ProjectFileSystem,
                            budget: ManifestBudget = .standard, conventionFallback: Bool = false) -> [ProjectFacts] {
        onThread(stackBytes: budget.stackBytes) {
            let facts = readOnCurrentThread(manifests, fileSystem: fileSystem, budget: budget)
            guard conventionFallback else { return facts }
            return facts.map { project in
                project.targets.isEmpty
                    ? TuistConventions.project(for: project.path, fileSystem: fileSystem, issues: project.issues) : project
            }
        }
    }

    static func readOnCurrentThread(_ manifests: TuistManifestSet, fileSystem: any ProjectFileSystem,
                                    budget: ManifestBudget) -> [ProjectFacts] {
        let sources = TuistSources(budget: budget)
        var helperDeclarations = TuistDeclarations()
        // Helper problems are reported once, with the first project.
        var helperIssues: [ProjectIssue] = []
        let helpers = manifests.helpers.sorted().compactMap { helper in
            sources.parse(helper, fileSystem: fileSystem).map { (path: helper, file: $0) }
        }
        for helper in helpers { helperDeclarations.collectTypeAliases(helper.file.tree.statements) }
        for helper in helpers {
            helperIssues += sources.syntaxIssues(of: helper.path)
            helperDeclarations.collect(helper.file.tree.statements, file: helper.path, topLevel: false)
        }
        var reported: Set<ProjectIssue> = []
        let helperMemo = TuistHelperMemo()
        let localPlugins = Self.localPluginNames(helpers: manifests.helpers)
        var result: [ProjectFacts] = []
        for manifest in manifests.projects.sorted() {
            var facts = read(manifest, root: manifests.root, helpers: helperDeclarations, sources: sources, fileSystem: fileSystem,
                             budget: budget, helperMemo: helperMemo, reported: &reported)
            if !facts.unreadTargets.isEmpty || facts.targets.contains(where: { !$0.unreadDependencies.isEmpty }) {
                facts.issues += Self.remotePluginImports(of: manifest, sources: sources, localPlugins: localPlugins)
            }
            if !helperIssues.isEmpty {
                facts.issues = helperIssues + facts.issues
                helperIssues = []
            }
            result.append(facts)
        }
        return result
    }

    /// The modules local plugins make, by the folders their helpers are in (`Plugins/DependencyPlugin/
    /// ProjectDescriptionHelpers/…` is `DependencyPlugin`).
    private static func localPluginNames(helpers: [String]) -> Set<String> {
        Set(helpers.compactMap { path in
            let components = path.split(separator: "/").map(String.init)
            guard let helpers = components.firstIndex(of: "ProjectDescriptionHelpers"), helpers > 0 else { return nil }
            return components[helpers - 1]
        })
    }

    static let knownManifestImports: Set<String> = [
        "ProjectDescription", "ProjectDescriptionHelpers", "Foundation", "Darwin", "Glibc", "Dispatch",
    ]

    /// Where a partly unread manifest imports a module no local plugin makes (`import MicroFeaturePlugin` of a
    /// `.git(url:)` plugin, which `tuist install` fetches and the checkout doesn't hold): one issue at each such
    /// import, saying why its helpers are unknown.
    private static func remotePluginImports(of manifest: String, sources: TuistSources, localPlugins: Set<String>)
        -> [ProjectIssue] {
        sources.imports(of: manifest).compactMap { module, line, column in
            guard !knownManifestImports.contains(module), !localPlugins.contains(module) else { return nil }
            return ProjectIssue(
                file: manifest, message: "`import \(module)` names no local plugin archlint found (a remote plugin, "
                    + "which `tuist install` fetches, isn't in the checkout): the helpers it declares are unknown, so "
                    + "what this manifest makes with them is unread; declare its modules in `modules:` in .archlint.yml",
                line: line, column: column)
        }
    }

    /// Why a manifest declares no project: at the call that makes `project` when there is one (a helper
    /// `Project.makeModule(…)` that no helper file declares), else at the file's top.
    private static func noProject(in manifest: String, made: TuistConstruct?, helpers: TuistDeclarations) -> ProjectIssue {
        let consequence = "so this manifest declares no targets archlint can read"
        let modules = "declare its modules in `modules:` in .archlint.yml"
        guard let made, made.isCall else {
            return ProjectIssue(file: manifest, message: "no `let project = Project(…)` archlint can evaluate in this "
                + "manifest, \(consequence); \(modules)", line: 1, column: 1)
        }
        let called = made.typeName.map { "\($0).\(made.name)" } ?? made.name
        if helpers.functions[called] != nil {
            return ProjectIssue(
                file: made.site.file, message: "`\(called)(…)`'s arguments fit none of the helper's declarations archlint "
                    + "read (their labels, or an argument's type), \(consequence); call it as declared, or \(modules)",
                line: made.site.line, column: made.site.column)
        }
        return ProjectIssue(
            file: made.site.file, message: "`\(called)(…)` is no ProjectDescription initializer, and no helper archlint "
                + "read declares it (Tuist/ProjectDescriptionHelpers, a local plugin's ProjectDescriptionHelpers), "
                + "\(consequence); declare the helper there, or \(modules)",
            line: made.site.line, column: made.site.column)
    }

    private static func read(_ manifest: String, root: String, helpers: TuistDeclarations, sources: TuistSources,
                             fileSystem: any ProjectFileSystem, budget: ManifestBudget, helperMemo: TuistHelperMemo,
                             reported: inout Set<ProjectIssue>) -> ProjectFacts {
        guard let file = sources.parse(manifest, fileSystem: fileSystem) else {
            return ProjectFacts(path: manifest, source: .tuist, issues: [ProjectIssue(
                file: manifest, message: "archlint can't read this manifest; check that it is a readable text file",
                line: 1, column: 1)])
        }
        var declarations = helpers
        declarations.collectTypeAliases(file.tree.statements)
        declarations.collect(file.tree.statements, file: manifest, topLevel: true)
        let interpreter = TuistInterpreter(declarations: declarations, sources: sources, budget: budget,
                                           manifestFile: manifest, alreadyReported: reported, helperMemo: helperMemo)
        let aborted = interpreter.runManifest(file.tree.statements)
        var builderIssues: [ProjectIssue] = []
        let builder = TuistProjectBuilder(manifest: manifest, root: root, fileSystem: fileSystem) { message, site in
            let issue = ProjectIssue(file: site.file, message: message, line: site.line, column: site.column)
            builderIssues.append(issue)
            return issue
        }
        let project = interpreter.globals.variables["project"]?.construct
            ?? interpreter.globals.variables(preferring: "project").compactMap(\.construct).first { $0.name == "Project" }
        var issues = sources.syntaxIssues(of: manifest) + interpreter.issues
        if let aborted { issues.append(aborted) }
        reported = interpreter.reported
        guard let project, project.name == "Project" || project.name == "init" else {
            // A manifest that is all comments (a template a script copies) declares nothing, and nothing is unread.
            if file.tree.statements.isEmpty, issues.isEmpty {
                return ProjectFacts(path: manifest, source: .tuist, issues: [])
            }
            var unreadTargets = aborted.map { [$0] } ?? []
            if let why = interpreter.globals.variables["project"]?.unread { unreadTargets += why.issues }
            if unreadTargets.isEmpty {
                let issue = Self.noProject(
                    in: manifest, made: interpreter.globals.variables["project"]?.construct, helpers: declarations)
                issues.append(issue)
                unreadTargets.append(issue)
            }
            var facts = ProjectFacts(path: manifest, source: .tuist, issues: issues)
            facts.unreadTargets = TuistProjectBuilder.unique(unreadTargets)
            return facts
        }
        var facts = builder.facts(of: project, issues: [])
        for issue in builderIssues where reported.insert(issue).inserted { issues.append(issue) }
        facts.issues = issues
        // An evaluation stopped part-way: targets declared after it may be missing.
        if let aborted { facts.unreadTargets = TuistProjectBuilder.unique(facts.unreadTargets + [aborted]) }
        return facts
    }
}
