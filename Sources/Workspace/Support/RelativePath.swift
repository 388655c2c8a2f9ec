/// Root-relative, `/`-separated paths. `""` is the root itself.
enum RelativePath {
    /// Joins `base` and `child` (either may be empty) and resolves `.`, `..` and repeated or trailing slashes.
    /// nil when the result would escape the root.
    static func join(_ base: String, _ child: String) -> String? {
        var segments: [Substring] = []
        for part in [base, child] {
            for segment in part.split(separator: "/", omittingEmptySubsequences: true) {
                switch segment {
                case ".": continue
                case "..":
                    guard !segments.isEmpty else { return nil }
                    segments.removeLast()
                default: segments.append(segment)
                }
            }
        }
        return segments.joined(separator: "/")
    }

    /// The path to open `path` (root-relative) with, given the root's own system path.
    static func systemPath(_ path: String, under systemRoot: String) -> String {
        systemRoot.hasSuffix("/") ? systemRoot + path : systemRoot + "/" + path
    }

    /// True when `path` is `directory` itself or lies inside it. Every path is inside the root `""`.
    static func isInside(_ path: String, _ directory: String) -> Bool {
        if directory.isEmpty { return true }
        let (pathBytes, directoryBytes) = (path.utf8, directory.utf8)
        guard pathBytes.count >= directoryBytes.count, pathBytes.starts(with: directoryBytes) else { return false }
        if pathBytes.count == directoryBytes.count { return true }
        return pathBytes[pathBytes.index(pathBytes.startIndex, offsetBy: directoryBytes.count)] == slash
    }

    // These work on UTF-8 bytes: `/` is ASCII, so every index found is a valid `String.Index`, and byte
    // searches are much cheaper than `Character` ones.
    private static let slash = UInt8(ascii: "/")

    static func hasSlash(_ path: String) -> Bool { path.utf8.contains(slash) }

    /// The directory part of `path` (`""` for a top-level entry).
    static func parent(_ path: String) -> String {
        guard let index = path.utf8.lastIndex(of: slash) else { return "" }
        return String(path[..<index])
    }

    /// The last path component.
    static func lastComponent(_ path: String) -> String {
        guard let index = path.utf8.lastIndex(of: slash) else { return path }
        return String(path[path.utf8.index(after: index)...])
    }

    /// The first path component.
    static func firstComponent(_ path: String) -> String {
        guard let index = path.utf8.firstIndex(of: slash) else { return path }
        return String(path[..<index])
    }

    /// Number of components (`0` for the root).
    static func depth(_ path: String) -> Int {
        path.isEmpty ? 0 : path.utf8.count { $0 == slash } + 1
    }

    /// The deepest directory containing every path in `files` (which are file paths).
    static func commonDirectory(of files: [String]) -> String {
        guard var common = files.first.map(parent) else { return "" }
        for file in files.dropFirst() {
            while !isInside(file, common) { common = parent(common) }
        }
        return common
    }
}
