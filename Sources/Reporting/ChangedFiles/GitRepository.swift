import Foundation

/// The git repository holding an analysed root, read through `ChangedFiles.runGit` only. Every revision a user
/// names is resolved to a commit id first (`commit(_:)`), so git never sees the user's text: nothing starting with
/// `-` reaches it as an option (`--output=FILE` would truncate a file, `-S…` would run a textconv driver). Reads
/// never write the repository: plumbing that doesn't refresh the index (`diff-index`, `ls-tree`), and a missing
/// object is an error, never an empty tree.
public struct GitRepository: Sendable {
    public let root: String
    public let topLevel: String
    /// The root's path inside the repository, `/`-terminated, or empty at the top.
    public let prefix: String
    public let isShallow: Bool

    /// `purpose` ends the message when `root` isn't in a git work tree ("a diff reads the base revision from git").
    public init(root: String, purpose: String) throws(ChangedFilesError) {
        self.root = root
        guard FileManager.default.fileExists(atPath: root) else { throw .repository("no such directory: \(root)") }
        let lines: [String]
        do {
            lines = try ChangedFiles.runGit(
                ["-C", root, "rev-parse", "--show-toplevel", "--show-prefix", "--is-shallow-repository"]
            ).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        } catch {
            throw .repository("\(root) is not inside a git repository (\(purpose)): \(error)")
        }
        guard lines.count >= 3, !lines[0].isEmpty else {
            throw .repository("\(root) is not inside a git work tree (\(purpose))")
        }
        topLevel = lines[0]
        prefix = lines[1]
        isShallow = lines[2] == "true"
    }

    /// Runs git in the root.
    public func git(_ arguments: [String]) throws(ChangedFilesError) -> String {
        try ChangedFiles.runGit(["-C", root] + arguments)
    }

    /// The full commit id `revision` names; a clear message when it names none. The revision is given to git after
    /// `--end-of-options` and only after it is known not to look like an option.
    public func commit(_ revision: String) throws(ChangedFilesError) -> String {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw .repository("'\(revision)' is not a revision")
        }
        if let output = try? git(["rev-parse", "--verify", "--quiet", "--end-of-options", revision + "^{commit}"]) {
            let commit = output.trimmingCharacters(in: .whitespacesAndNewlines)
            if Self.isObjectID(commit) { return commit }
        }
        if isShallow {
            throw .repository(
                "the revision '\(revision)' is not in this shallow clone; fetch it first:\n    \(Self.fetchCommand(revision))\n"
                    + "(in GitHub Actions: `fetch-depth: 0` on actions/checkout, or that command as a step)")
        }
        var message = "unknown revision '\(revision)' (no commit of that name in \(topLevel))"
        if revision.contains("/") { message += "; if it is a remote branch, fetch it: \(Self.fetchCommand(revision))" }
        throw .repository(message)
    }

    /// The commit `HEAD` names, or nil before the first commit.
    func head() -> String? {
        guard let output = try? git(["rev-parse", "--verify", "--quiet", "--end-of-options", "HEAD^{commit}"]) else { return nil }
        let commit = output.trimmingCharacters(in: .whitespacesAndNewlines)
        return Self.isObjectID(commit) ? commit : nil
    }

    /// The id of the tree holding the root at `commit`, or nil when the root doesn't exist there (a tree added
    /// later). Throws when git lacks an object on the way (a partial or damaged clone): that is no empty tree.
    public func rootTree(at commit: String) throws(ChangedFilesError) -> String? {
        // The commit names its tree on its first line (rev-parse `^{tree}` would fail without naming it).
        let header = try git(["cat-file", "commit", commit]).prefix { $0 != "\n" }
        let tree = header.hasPrefix("tree ") ? String(header.dropFirst(5)) : ""
        try requireObject(tree, of: commit)
        let path = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        guard !path.isEmpty else { return tree }
        // `ls-tree TREE -- PATH` reads every tree on the way (and fails when one is missing) and lists the entry.
        let entry = try git(["ls-tree", "-z", "--full-tree", tree, "--", path])
        let fields = entry.split(separator: "\t", maxSplits: 1).first?.split(separator: " ") ?? []
        guard fields.count == 3, fields[1] == "tree" else { return nil }
        let subtree = String(fields[2])
        try requireObject(subtree, of: commit)
        return subtree
    }

    private func requireObject(_ object: String, of commit: String) throws(ChangedFilesError) {
        guard Self.isObjectID(object), (try? git(["cat-file", "-e", object])) != nil else {
            throw .repository(
                "git lacks the object \(object) of commit \(commit) (a partial or damaged clone?); fetch it, e.g. "
                    + "`git fetch --refetch`, or use a full clone")
        }
    }

    /// What differs between `commit` and the working tree (`cached`: the index) under the root, with paths relative
    /// to the root: `git diff-index --raw`, which reads the index without refreshing it. A file whose stat data is
    /// stale (touched, its content the same) is listed by `diff-index` with an unknown object; its content is
    /// hashed (`hash-object`, which writes nothing) and it is left out when it equals the commit's.
    public func changes(since commit: String, cached: Bool = false) throws(ChangedFilesError) -> [GitChange] {
        // A missing tree says so by name (diff-index would only say "bad tree object").
        if !cached { _ = try rootTree(at: commit) }
        // A submodule counts by the commit recorded for it, never by its work tree (git would run `status` in it,
        // under the submodule's own config).
        var arguments = [
            "diff-index", "--raw", "-z", "--no-renames", "--relative", "--no-textconv", "--no-ext-diff",
            "--ignore-submodules=dirty",
        ]
        if cached { arguments.append("--cached") }
        let output = try ChangedFiles.runGitBytes(["-C", root] + arguments + [commit, "--"])
        let fields = output.split(separator: 0, omittingEmptySubsequences: false)
        var changes: [GitChange] = []
        var index = 0
        while index + 1 < fields.count {
            let header = String(decoding: fields[index], as: UTF8.self).split(separator: " ").map(String.init)
            let path = String(decoding: fields[index + 1], as: UTF8.self)
            index += 2
            guard header.count == 5, header[0].hasPrefix(":") else {
                throw .git(command: "git -C \(root) " + arguments.joined(separator: " "), message: "unexpected output")
            }
            changes.append(GitChange(
                oldMode: String(header[0].dropFirst()), newMode: header[1], oldObject: header[2], newObject: header[3],
                status: header[4], path: path))
        }
        let unsure = changes.indices.filter { changes[$0].isStatOnlyCandidate }
        guard !unsure.isEmpty else { return changes }
        let paths = unsure.map { changes[$0].path }
        guard !paths.contains(where: { $0.contains("\n") }),
              let hashed = try? git(["hash-object", "--stdin-paths"], input: paths.joined(separator: "\n") + "\n")
        else { return changes }
        let objects = hashed.split(separator: "\n").map(String.init)
        guard objects.count == unsure.count else { return changes }
        let unchanged = Set(zip(unsure, objects).filter { changes[$0.0].oldObject == $0.1 }.map(\.0))
        return changes.indices.filter { !unchanged.contains($0) }.map { changes[$0] }
    }

    private func git(_ arguments: [String], input: String) throws(ChangedFilesError) -> String {
        String(decoding: try ChangedFiles.runGitBytes(["-C", root] + arguments, input: Array(input.utf8)), as: UTF8.self)
    }

    /// The empty tree's id in this repository's hash (computed, never written).
    func emptyTree() throws(ChangedFilesError) -> String {
        let tree = String(decoding: try ChangedFiles.runGitBytes(["-C", root, "hash-object", "-t", "tree", "--stdin"], input: []),
                          as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.isObjectID(tree) else { throw .repository("git gave no id for the empty tree") }
        return tree
    }

    /// A full SHA-1 or SHA-256 object id.
    static func isObjectID(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64) && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The command that fetches `revision` into a shallow clone: a remote branch (`origin/main`) into its
    /// remote-tracking ref, anything else (a commit id, a tag) by name.
    public static func fetchCommand(_ revision: String) -> String {
        let parts = revision.split(separator: "/", maxSplits: 1).map(String.init)
        if parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !revision.hasPrefix("refs/") {
            return "git fetch --no-tags --depth=1 \(parts[0]) +refs/heads/\(parts[1]):refs/remotes/\(parts[0])/\(parts[1])"
        }
        return "git fetch --no-tags --depth=1 origin \(revision)"
    }
}

/// One entry of `git diff-index --raw`: `:oldmode newmode oldobject newobject status\tpath`.
public struct GitChange: Hashable, Sendable {
    public var oldMode: String
    public var newMode: String
    public var oldObject: String
    /// All zeros when the working tree's file wasn't hashed (`diff-index` only trusts the index's stat data).
    public var newObject: String
    public var status: String
    /// Relative to the root.
    public var path: String

    /// A regular file listed as modified only because its stat data is stale, perhaps.
    var isStatOnlyCandidate: Bool {
        status == "M" && oldMode == newMode && (oldMode == "100644" || oldMode == "100755")
            && newObject.utf8.allSatisfy { $0 == UInt8(ascii: "0") }
    }
}
