import ArchlintModel
import Foundation
import Reporting
import Workspace

/// The tree of a git revision, written from git's objects into a temporary directory outside the user's tree:
/// `git read-tree` into a temporary index file (`GIT_INDEX_FILE`), then `git checkout-index --prefix` into the
/// directory. The user's work tree, index, stash and refs are never written. Git runs hardened, as for
/// `lint --changed` (`ChangedFiles.runGit`). Remove the directory with `remove()`.
public struct RevisionTree: Sendable {
    /// The directory holding the revision's copy of the analysed root.
    public let root: String
    /// The temporary directory holding `root` and the index file.
    let scratch: String

    /// The analysed `root` as it was at `revision`. Throws a message for each bad input: a root outside a git
    /// repository, a revision that doesn't exist (with the `git fetch` to run in a shallow clone that lacks it).
    public static func checkout(root: String, revision: String) throws(LintFailure) -> RevisionTree {
        let repository = try lintFailing { () throws(ChangedFilesError) in
            try GitRepository(root: root, purpose: "a diff reads the base revision from git")
        }
        let commit = try lintFailing { () throws(ChangedFilesError) in try repository.commit(revision) }
        // Objects git lacks are an error here, before anything is written: never an empty tree.
        let rootTree = try lintFailing { () throws(ChangedFilesError) in try repository.rootTree(at: commit) }
        let scratch = try makeScratchDirectory()
        // Named as the root is: a root-level folder module takes the root's directory name.
        let name = URL(fileURLWithPath: repository.absoluteRoot).lastPathComponent
        let tree = RevisionTree(root: scratch + "/tree/" + (name.isEmpty || name == "/" ? "root" : name), scratch: scratch)
        do {
            try FileManager.default.createDirectory(atPath: tree.root, withIntermediateDirectories: true)
            // The root may be a subdirectory of the repository; at the revision it may not exist yet (an empty tree).
            if let rootTree {
                let environment = ["GIT_INDEX_FILE": scratch + "/index"]
                _ = try ChangedFiles.runGit(["-C", repository.topLevel, "read-tree", rootTree], environment: environment)
                let entries = try ChangedFiles.runGit(
                    ["-C", repository.topLevel, "ls-files", "--stage", "-z"], environment: environment)
                var wanted: [String] = []
                var directories: Set<String> = []
                for entry in entries.split(separator: "\0") {
                    guard let tab = entry.firstIndex(of: "\t") else { continue }
                    let path = String(entry[entry.index(after: tab)...])
                    var parent = (path as NSString).deletingLastPathComponent
                    while !parent.isEmpty, directories.insert(parent).inserted { parent = (parent as NSString).deletingLastPathComponent }
                    if entry.hasPrefix("120000") || isRead(path) { wanted.append(path) }
                }
                for directory in directories {
                    try FileManager.default.createDirectory(atPath: tree.root + "/" + directory, withIntermediateDirectories: true)
                }
                // In batches that keep each command line short.
                var start = 0
                while start < wanted.count {
                    var end = start, length = 0
                    while end < wanted.count, end == start || length + wanted[end].utf8.count < 64 << 10 {
                        length += wanted[end].utf8.count + 1
                        end += 1
                    }
                    _ = try ChangedFiles.runGit(
                        ["-C", repository.topLevel, "checkout-index", "--force", "--prefix=\(tree.root)/", "--"]
                            + wanted[start..<end], environment: environment)
                    start = end
                }
            }
        } catch {
            tree.remove()
            throw LintFailure("cannot read \(revision) from git: \(error)")
        }
        return tree
    }

    /// Whether discovery reads a file of this path (`DirectoryWalker`: Swift sources and manifests, YAML specs and
    /// includes, `project.pbxproj`, `contents.xcworkspacedata`). Only those are written; every directory is made,
    /// so the tree's shape (target folders, resource folders) is the revision's. Symlinks are always written.
    static func isRead(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent
        return name.hasSuffix(".swift") || name.hasSuffix(".yml") || name.hasSuffix(".yaml")
            || name == "project.pbxproj" || name == "contents.xcworkspacedata"
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    private static func makeScratchDirectory() throws(LintFailure) -> String {
        let base = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        var template = Array((base + "archlint-revision-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in mkdtemp(buffer.baseAddress!) }
        guard made != nil else { throw LintFailure("cannot create a temporary directory under \(base)") }
        return String(cString: template)
    }
}

extension GitRepository {
    /// The root's absolute path, symlinks resolved.
    var absoluteRoot: String { WorkspaceScanner.absolutePath(root.isEmpty ? "." : root) }
}

/// A git read as a lint's failure (exit 2), with git's message.
func lintFailing<T>(_ body: () throws(ChangedFilesError) -> T) throws(LintFailure) -> T {
    do {
        return try body()
    } catch {
        throw LintFailure(error.description)
    }
}
