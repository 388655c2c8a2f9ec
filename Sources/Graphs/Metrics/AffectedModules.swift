import ArchlintModel

/// `archlint affected`: the modules a set of changed files touches, and every module that depends on them.
///
/// A changed path touches a module when it is one of the module's Swift files, its manifest (every target of a
/// changed Package.swift), its project (the `.xcodeproj` or anything inside it, `project.yml`, `Project.swift`),
/// or, failing those, lies under the module's source directory (resources, a deleted file): the deepest such
/// directory wins. Then every module that depends on a touched one, directly or transitively, is affected too,
/// tests included, along `ModuleCoupling`'s edges (declared or imported). External modules are never listed.
public struct AffectedModules: Hashable, Sendable {
    public enum Reason: String, Hashable, Sendable {
        /// A file, manifest or project of the module changed.
        case changed
        /// It depends, directly or transitively, on a changed module.
        case dependent
    }

    public struct Entry: Hashable, Sendable {
        public var id: String
        public var name: String
        public var type: ModuleType
        public var reason: Reason
        /// For a changed module: the changed paths that touch it, sorted.
        public var changedFiles: [String]
        /// The affected modules it depends on directly, sorted: why a dependent is affected.
        public var dependsOn: [String]

        public var isTest: Bool { type.isTest }
    }

    /// Every changed path, sorted.
    public var changedFiles: [String]
    /// Changed paths that touch no module (a README, Package.resolved, the configuration), sorted.
    public var unmatchedFiles: [String]
    /// Changed modules first, then dependents; each sorted by id.
    public var modules: [Entry]

    public var tests: [Entry] { modules.filter(\.isTest) }

    public init(changedPaths: Set<String>, workspace: WorkspaceModel, moduleGraph: ModuleGraph) {
        let coupling = ModuleCoupling(moduleGraph)
        let nodes = coupling.modules.values.sorted { $0.id < $1.id }
        var filesByPath: [String: Set<String>] = [:]
        for file in workspace.files where coupling.modules[file.module] != nil {
            filesByPath[file.path, default: []].insert(file.module)
        }
        for module in nodes {
            for path in module.files { filesByPath[path, default: []].insert(module.id) }
        }

        var touched: [String: Set<String>] = [:]
        var unmatched: [String] = []
        for path in changedPaths.sorted() {
            var owners = filesByPath[path] ?? []
            for module in nodes {
                if let manifest = module.manifest, manifest == path { owners.insert(module.id) }
                if let project = module.project, path == project || path.hasPrefix(project + "/") { owners.insert(module.id) }
            }
            if owners.isEmpty {
                let containing = nodes.compactMap { module -> (id: String, depth: Int)? in
                    guard let directory = module.path, !directory.isEmpty, directory != ".",
                          path.hasPrefix(directory.hasSuffix("/") ? directory : directory + "/")
                    else { return nil }
                    return (module.id, directory.count)
                }
                if let deepest = containing.map(\.depth).max() {
                    owners = Set(containing.filter { $0.depth == deepest }.map(\.id))
                }
            }
            if owners.isEmpty { unmatched.append(path) }
            for owner in owners { touched[owner, default: []].insert(path) }
        }

        let affected = coupling.dependantsClosure(of: touched.keys)
        func entry(_ id: String, _ reason: Reason) -> Entry {
            let module = coupling.modules[id]!
            return Entry(
                id: id, name: module.name, type: module.type, reason: reason,
                changedFiles: (touched[id] ?? []).sorted(),
                dependsOn: (coupling.dependencies[id] ?? []).filter { affected.contains($0) }.sorted())
        }
        changedFiles = changedPaths.sorted()
        unmatchedFiles = unmatched
        modules = touched.keys.sorted().map { entry($0, .changed) }
            + affected.subtracting(touched.keys).sorted().map { entry($0, .dependent) }
    }
}
