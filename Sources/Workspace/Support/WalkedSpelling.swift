import ArchlintModel

/// How the walk spelled a path that a project or config may write in another case. On a volume that ignores case
/// (`PathCase.insensitive`) a project's `Sources/app/A.swift` is the walked `Sources/App/A.swift`, as Xcode and
/// SwiftPM find it there; on a case-sensitive volume every path is only itself.
struct WalkedSpelling: Sendable {
    let pathCase: PathCase
    /// Folded path → the walked path (the first in order, were two to fold alike).
    private let walked: [String: String]

    /// Every path is spelled as written.
    static let exact = WalkedSpelling(pathCase: .sensitive, paths: [])

    init(pathCase: PathCase, paths: [String]) {
        self.pathCase = pathCase
        guard pathCase == .insensitive else {
            walked = [:]
            return
        }
        var walked: [String: String] = [:]
        for path in paths.sorted() where walked[pathCase.key(path)] == nil { walked[pathCase.key(path)] = path }
        self.walked = walked
    }

    /// The walked files and directories of `tree`, under its volume's case.
    init(tree: DiscoveredTree) {
        let files = tree.swiftFiles.map(\.path) + tree.manifests.map(\.path) + tree.projectInputs.map(\.path)
        self.init(pathCase: tree.pathCase, paths: files + tree.directories)
    }

    /// `path` (root-relative) as the walk spelled it: the walked file or directory it names, else (a path the walk
    /// didn't list) its nearest walked ancestor's spelling followed by the rest as written.
    func of(_ path: String) -> String {
        guard pathCase == .insensitive, !path.isEmpty else { return path }
        if let found = walked[pathCase.key(path)] { return found }
        guard RelativePath.hasSlash(path) else { return path }
        let parent = of(RelativePath.parent(path))
        return (parent.isEmpty ? "" : parent + "/") + RelativePath.lastComponent(path)
    }
}
