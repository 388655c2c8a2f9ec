import ArchlintModel

/// Everything the reporting filters read from a scanned workspace, and nothing more: each file's `archlint:`
/// comments (Swift sources, Package.swift manifests, XcodeGen specs, Tuist manifests) with the module it belongs
/// to, and the manifests that declare each module (for `--changed`). Small and `Codable` (arrays only, for the
/// cache's binary coder), so a stored lint result is filtered without the workspace.
public struct SuppressionIndex: Codable, Hashable, Sendable {
    /// Files with comments, sorted by path.
    public var files: [SuppressionComments]
    /// Module names and ids with the manifests declaring a module of that name, sorted by module.
    public var declaringManifests: [DeclaringManifests]

    public struct DeclaringManifests: Codable, Hashable, Sendable {
        public var module: String
        /// Sorted.
        public var manifests: [String]
    }

    public init(files: [SuppressionComments] = [], manifestsByModule: [String: Set<String>] = [:]) {
        self.files = files.sorted { $0.path < $1.path }
        declaringManifests = manifestsByModule.map { DeclaringManifests(module: $0.key, manifests: $0.value.sorted()) }
            .sorted { $0.module < $1.module }
    }

    /// Root-relative path → comments, with a file → module map (see `SuppressionFilter.apply`).
    public init(comments: [String: [SuppressionComment]], modules: [String: String] = [:]) {
        self.init(files: comments.map { SuppressionComments(path: $0.key, comments: $0.value, module: modules[$0.key]) })
    }

    public init(_ workspace: WorkspaceModel) {
        let moduleNames = Dictionary(workspace.modules.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        var files: [SuppressionComments] = []
        var seen: Set<String> = []
        // A file several modules compile has one entry per module and one set of comments: take its first.
        for file in workspace.files where seen.insert(file.path).inserted && !file.facts.suppressions.isEmpty {
            files.append(SuppressionComments(
                path: file.path, comments: file.facts.suppressions, module: moduleNames[file.module] ?? file.module))
        }
        for project in workspace.projectSuppressions where seen.insert(project.path).inserted {
            files.append(project)
        }
        self.init(files: files, manifestsByModule: ChangedFiles.manifestsByModule(workspace))
    }

    /// Path → comments.
    public var comments: [String: [SuppressionComment]] {
        Dictionary(files.map { ($0.path, $0.comments) }, uniquingKeysWith: { first, _ in first })
    }

    /// Path → module name, for files that belong to a module.
    public var modules: [String: String] {
        Dictionary(files.compactMap { file in file.module.map { (file.path, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    /// Module name or id → the manifests declaring it.
    public var manifestsByModule: [String: Set<String>] {
        Dictionary(declaringManifests.map { ($0.module, Set($0.manifests)) }, uniquingKeysWith: { first, _ in first })
    }
}
