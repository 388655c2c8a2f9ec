/// The reads a project reader needs, all relative to the scanned root with `/`. Discovery supplies the real
/// tree (with its own symlink and size rules); tests supply an in-memory one. Readers never touch the disk
/// themselves, so they never leave the tree they were given.
public protocol ProjectFileSystem: Sendable {
    /// The bytes of a file, or nil when it isn't a readable regular file.
    func contents(of path: String) -> [UInt8]?
    func isDirectory(_ path: String) -> Bool
    /// Every regular file under `directory`, recursively, relative to the root, sorted.
    func files(under directory: String) -> [String]
    /// Whether names differ by case in this tree: readers compile their globs with it (the reads above already
    /// find a path written in another case where it doesn't).
    var pathCase: PathCase { get }
}

extension ProjectFileSystem {
    public var pathCase: PathCase { .sensitive }
}

/// An in-memory tree: the paths of its files and their text.
public struct InMemoryFileSystem: ProjectFileSystem {
    public var files: [String: String]

    public init(_ files: [String: String]) {
        self.files = files
    }

    public func contents(of path: String) -> [UInt8]? {
        files[path].map { Array($0.utf8) }
    }

    public func isDirectory(_ path: String) -> Bool {
        let prefix = path.isEmpty ? "" : path + "/"
        return files.keys.contains { $0.hasPrefix(prefix) }
    }

    public func files(under directory: String) -> [String] {
        let prefix = directory.isEmpty ? "" : directory + "/"
        return files.keys.filter { $0.hasPrefix(prefix) }.sorted()
    }
}
