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

    /// True when `path` is `directory` itself or lies inside it. Every path is inside the root `""`.
    static func isInside(_ path: String, _ directory: String) -> Bool {
        if directory.isEmpty { return true }
        guard path.hasPrefix(directory) else { return false }
        if path.utf8.count == directory.utf8.count { return true }
        return path.utf8[path.utf8.index(path.utf8.startIndex, offsetBy: directory.utf8.count)] == UInt8(ascii: "/")
    }

    /// The directory part of `path` (`""` for a top-level entry).
    static func parent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// The last path component.
    static func lastComponent(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// The first path component.
    static func firstComponent(_ path: String) -> String {
        guard let slash = path.firstIndex(of: "/") else { return path }
        return String(path[..<slash])
    }

    /// Number of components (`0` for the root).
    static func depth(_ path: String) -> Int {
        path.isEmpty ? 0 : path.utf8.count { $0 == UInt8(ascii: "/") } + 1
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
