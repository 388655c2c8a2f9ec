import ArchlintModel

/// Where a SwiftPM target's sources are, resolved against the discovered directories (spelled as walked: on a
/// case-insensitive volume `path: "Sources/app"` is the walked `Sources/App`).
struct TargetLayout: Sendable {
    /// The target directory, root-relative; nil when `path:` escapes the root or the target has no source
    /// directory (a binary target without `path:`).
    var directory: String?
    /// `sources:` resolved to root-relative files or directories; nil means "everything in `directory`".
    var sources: [String]?
    /// `exclude:` entries resolved to root-relative files or directories.
    var excludedPaths: [String]
    /// `exclude:` entries containing glob characters, matched against root-relative paths.
    var excludedGlobs: [Glob]
    /// Binary and system-library targets never own Swift files.
    var ownsSwiftSources: Bool

    /// SwiftPM's search order for a target without `path:`.
    static func defaultParentDirectories(for kind: ModuleType) -> [String] {
        switch kind {
        case .test: ["Tests", "Sources", "Source", "src", "srcs"]
        case .plugin: ["Plugins"]
        default: ["Sources", "Source", "src", "srcs"]
        }
    }

    init(
        target: ProjectTarget, packageDirectory: String, existingDirectories: Set<String>, spelling: WalkedSpelling = .exact
    ) {
        let kind = target.type
        let layout = target.packageLayout ?? PackageSourceLayout()
        ownsSwiftSources = kind != .binary && kind != .systemLibrary
        if let path = layout.path {
            // An absolute path is never read as package-relative: no files are mapped to it (a diagnostic says so).
            directory = path.hasPrefix("/") ? nil : RelativePath.join(packageDirectory, path).map(spelling.of)
        } else if kind == .binary {
            directory = nil
        } else {
            let candidates = Self.defaultParentDirectories(for: kind).compactMap {
                RelativePath.join(packageDirectory, $0 + "/" + target.name).map(spelling.of)
            }
            directory = candidates.first(where: existingDirectories.contains) ?? candidates.first
        }
        let base = directory
        sources = layout.sources.map { entries in
            guard let base else { return [] }
            return entries.compactMap { RelativePath.join(base, $0).map(spelling.of) }
        }
        var paths: [String] = []
        var globs: [Glob] = []
        if let base {
            for entry in layout.exclude {
                if entry.contains(where: { "*?[{".contains($0) }) {
                    if let glob = try? Glob((base.isEmpty ? "" : base + "/") + entry, pathCase: spelling.pathCase) {
                        globs.append(glob)
                    }
                } else if let path = RelativePath.join(base, entry) {
                    paths.append(spelling.of(path))
                }
            }
        }
        excludedPaths = paths
        excludedGlobs = globs
    }

    /// True when this target compiles `file` (a root-relative `.swift` path).
    func claims(_ file: String) -> Bool {
        guard ownsSwiftSources, let directory, RelativePath.isInside(file, directory) else { return false }
        if let sources, !sources.contains(where: { RelativePath.isInside(file, $0) }) { return false }
        if excludedPaths.contains(where: { RelativePath.isInside(file, $0) }) { return false }
        if excludedGlobs.contains(where: { $0.matches(file) }) { return false }
        return !Self.isInsideResourceDirectory(file, of: directory)
    }

    /// True when `file` is in this target's directory but its `exclude:` leaves it out (test fixtures SwiftPM
    /// never compiles).
    func excludes(_ file: String) -> Bool {
        guard ownsSwiftSources, let directory, RelativePath.isInside(file, directory) else { return false }
        return excludedPaths.contains(where: { RelativePath.isInside(file, $0) }) || excludedGlobs.contains(where: { $0.matches(file) })
    }

    /// Directories SwiftPM treats as one resource (a DocC catalog, an asset catalog, …): Swift files inside them,
    /// such as DocC tutorial code, are not compiled.
    static let resourceDirectoryExtensions = [".docc", ".xcassets", ".bundle", ".xcdatamodeld", ".xcmappingmodel"]

    static func isInsideResourceDirectory(_ file: String, of directory: String) -> Bool {
        let relative = directory.isEmpty ? Substring(file) : file.dropFirst(directory.count + 1)
        return relative.split(separator: "/").dropLast().contains { component in
            resourceDirectoryExtensions.contains { component.hasSuffix($0) }
        }
    }
}
