import ArchlintModel
import Foundation
import SystemSupport

/// The tree discovery walked, as project readers see it: listings come from the walk (so `exclude:` and the
/// default skips hold for project sources too), and reads are of regular files inside the root, bounded.
/// On a volume that ignores case, a path written in another case is the walked path it names (`WalkedSpelling`),
/// and listings are spelled as walked. Thread-safe; readers share one instance.
final class WalkedFileSystem: ProjectFileSystem, @unchecked Sendable {
    /// Largest project file read (a `project.pbxproj` of a very large app is a few MB).
    static let maximumFileSize = 32 * 1024 * 1024

    /// Files whose stat keys the tree fingerprint holds (Swift files and project files); a scan that read any
    /// other file can't vouch for its tree.
    static func isFingerprinted(_ path: String) -> Bool {
        let name = RelativePath.lastComponent(path)
        return name.hasSuffix(".swift") || DirectoryWalker.isProjectFile(name: name, path: path)
    }

    private let systemRoot: String
    /// The root's real path; reads that resolve outside it are refused unless symlinks out are followed.
    private let realRoot: String?
    private let followExternalSymlinks: Bool
    /// Every walked file, sorted.
    private let paths: [String]
    private let directories: Set<String>
    let spelling: WalkedSpelling
    var pathCase: PathCase { spelling.pathCase }
    private let lock = NSLock()
    private var readOutsideFingerprint = false

    init(systemRoot: String, tree: DiscoveredTree, followExternalSymlinks: Bool) {
        self.systemRoot = systemRoot
        self.realRoot = DirectoryWalker.realPath(systemRoot)
        self.followExternalSymlinks = followExternalSymlinks
        var paths = tree.swiftFiles.map(\.path) + tree.manifests.map(\.path) + tree.projectFiles.map(\.path)
        paths += tree.tuistFiles.map(\.file.path)
        self.paths = paths.sorted()
        self.directories = tree.directories
        self.spelling = WalkedSpelling(tree: tree)
    }

    /// True when a reader asked for a file whose changes the tree fingerprint would not notice.
    var readUnfingerprintedFile: Bool {
        lock.lock()
        defer { lock.unlock() }
        return readOutsideFingerprint
    }

    func contents(of path: String) -> [UInt8]? {
        try? read(path).get()
    }

    /// The bytes of `path` (relative to the root), or why they can't be had.
    func read(_ path: String) -> Result<[UInt8], RegularFile.Failure> {
        guard let relative = RelativePath.join("", path).map(spelling.of), !relative.isEmpty else {
            return .failure(RegularFile.Failure(reason: "the path leads outside the scanned root"))
        }
        let systemPath = RelativePath.systemPath(relative, under: systemRoot)
        if !followExternalSymlinks, let realRoot {
            guard let real = DirectoryWalker.realPath(systemPath) else {
                return .failure(RegularFile.Failure(errno: errno))
            }
            guard RelativePath.isInside(real, realRoot == "/" ? "" : realRoot) else {
                return .failure(RegularFile.Failure(reason: "it is a symlink leading outside the scanned root"))
            }
        }
        let result = RegularFile.read(systemPath, limit: Self.maximumFileSize)
        // A missing file that appears later changes the walk (a new directory, or a file of a fingerprinted
        // kind); a file of another kind that was read could change unnoticed.
        // A file the walk skipped (an xcconfig under `Pods/`, say) has no stat key in the fingerprint either.
        if case .success = result, !Self.isFingerprinted(relative) || !isWalked(relative) {
            lock.lock()
            readOutsideFingerprint = true
            lock.unlock()
        }
        return result
    }

    private func isWalked(_ path: String) -> Bool {
        let index = firstIndex(notBefore: path)
        return index < paths.count && paths[index] == path
    }

    /// The index of the first walked path that is not ordered before `text`.
    private func firstIndex(notBefore text: String) -> Int {
        var low = 0
        var high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if paths[middle] < text { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Whether `path` is a directory inside the root, walked or not.
    func isUnwalkedDirectory(_ path: String) -> Bool {
        guard let systemPath = unwalkedSystemPath(path) else { return false }
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: systemPath, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The names in a directory discovery skipped, sorted; none when it leads outside the root.
    func unwalkedEntries(of path: String) -> [String] {
        guard let systemPath = unwalkedSystemPath(path) else { return [] }
        return ((try? FileManager.default.contentsOfDirectory(atPath: systemPath)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    private func unwalkedSystemPath(_ path: String) -> String? {
        guard let relative = RelativePath.join("", path), !relative.isEmpty else { return nil }
        let systemPath = RelativePath.systemPath(relative, under: systemRoot)
        if !followExternalSymlinks, let realRoot {
            guard let real = DirectoryWalker.realPath(systemPath), RelativePath.isInside(real, realRoot == "/" ? "" : realRoot)
            else { return nil }
        }
        return systemPath
    }

    func isDirectory(_ path: String) -> Bool {
        guard let relative = RelativePath.join("", path).map(spelling.of) else { return false }
        return directories.contains(relative)
    }

    func files(under directory: String) -> [String] {
        guard let relative = RelativePath.join("", directory).map(spelling.of) else { return [] }
        if relative.isEmpty { return paths }
        let prefix = relative + "/"
        // `paths` is sorted, so the files under a directory are one contiguous run starting at its prefix.
        var low = firstIndex(notBefore: prefix)
        var result: [String] = []
        while low < paths.count, paths[low].hasPrefix(prefix) {
            result.append(paths[low])
            low += 1
        }
        return result
    }
}
