import ArchlintModel
import ChildProcesses
import Foundation
import SystemSupport

extension ChangedFiles {
    /// The files changed relative to `revision` (working tree vs REV, staged and unstaged), or — with no
    /// revision — the staged changes (the index against `HEAD`), which is what a pre-commit hook checks.
    ///
    /// Paths are relative to the root even when it is a subdirectory of the repository, and files outside it are
    /// left out. Renames count under both names. The revision is resolved to a commit first
    /// (`GitRepository.commit`), and git only reads: the index is not refreshed (`GitRepository.changes`).
    public static func fromGit(root: String, revision: String?) throws(ChangedFilesError) -> ChangedFiles {
        let repository = try GitRepository(root: root, purpose: "--changed reads what changed from git")
        let changes: [GitChange]
        if let revision {
            changes = try repository.changes(since: try repository.commit(revision))
        } else {
            // Before the first commit, everything staged is new.
            let head = if let head = repository.head() { head } else { try repository.emptyTree() }
            changes = try repository.changes(since: head, cached: true)
        }
        return ChangedFiles(paths: Set(changes.map(\.path)))
    }

    /// Reads a list of paths, one per line (blank lines and `#` comments ignored). Each path may be relative to
    /// the analysed root, prefixed with the root as given (`some/dir/Sources/A.swift` for root `some/dir`), or
    /// absolute; paths outside the root are dropped.
    public static func fromList(path listPath: String, root: String) throws(ChangedFilesError) -> ChangedFiles {
        switch RegularFile.read(listPath, limit: maximumListSize) {
        case .success(let bytes):
            guard let text = UTF8Text.validated(bytes) else {
                throw .unreadableList(path: listPath, reason: "it is not UTF-8 text")
            }
            return fromList(text: text, root: root)
        case .failure(let failure):
            throw .unreadableList(path: listPath, reason: failure.reason)
        }
    }

    /// The largest changed-files list archlint reads.
    public static let maximumListSize = 256 << 20

    public static func fromList(text: String, root: String) -> ChangedFiles {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        let paths = lines.filter { !$0.isEmpty && !$0.hasPrefix("#") }.compactMap { rootRelative($0, root: root) }
        return ChangedFiles(paths: Set(paths))
    }

    /// `path` relative to `root`, or nil when it lies outside it.
    static func rootRelative(_ path: String, root: String) -> String? {
        var path = path.replacingOccurrences(of: "\\", with: "/")
        if path.hasPrefix("/") {
            let absoluteRoot = URL(fileURLWithPath: root).standardizedFileURL.path
            let resolvedRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
            let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
            for prefix in [absoluteRoot, resolvedRoot] {
                let directory = prefix.hasSuffix("/") ? prefix : prefix + "/"
                if standardized.hasPrefix(directory) { return String(standardized.dropFirst(directory.count)) }
            }
            return nil
        }
        while path.hasPrefix("./") { path.removeFirst(2) }
        if let prefix = DisplayPath.normalizedRoot(root), !prefix.hasPrefix("/") {
            var rootPrefix = prefix
            while rootPrefix.hasPrefix("./") { rootPrefix.removeFirst(2) }
            if !rootPrefix.isEmpty, path.hasPrefix(rootPrefix + "/") { path.removeFirst(rootPrefix.count + 1) }
        }
        return path.isEmpty ? nil : path
    }

    /// Git options that keep a run inside the analysed repository from executing anything it configures: no
    /// fsmonitor daemon or hook, no hooks, no pager, no external diff or textconv, no transport (a partial clone's
    /// lazy fetch of a missing object). Repository-local config still applies (it decides the work tree), but every
    /// command-running key archlint knows of is overridden; `runGitBytes` adds each filter and diff driver's.
    static let hardenedOptions = [
        "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "core.pager=cat",
        "-c", "diff.external=", "-c", "core.untrackedCache=false", "-c", "protocol.allow=never",
        "--no-pager", "--no-optional-locks",
    ]

    /// The environment git runs with: no system or global config, no prompts, no pager, nothing from the
    /// caller's environment that points git at another program.
    static func hardenedEnvironment(_ base: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var environment = base
        for key in ["GIT_EXTERNAL_DIFF", "GIT_PAGER", "PAGER", "GIT_ASKPASS", "SSH_ASKPASS", "GIT_SSH", "GIT_SSH_COMMAND",
                    "GIT_PROXY_COMMAND", "GIT_EDITOR", "GIT_CONFIG", "GIT_CONFIG_COUNT", "GIT_CONFIG_PARAMETERS"] {
            environment[key] = nil
        }
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_TERMINAL_PROMPT"] = "0"
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        environment["GIT_NO_LAZY_FETCH"] = "1"
        environment["GIT_PAGER"] = "cat"
        environment["PAGER"] = "cat"
        return environment
    }

    /// Runs git with `hardenedOptions` and `hardenedEnvironment`, plus an empty clean/smudge/process command for
    /// each filter driver and an empty textconv/command for each diff driver the repository's config declares (so
    /// hashing or comparing contents never runs one). The one way archlint runs git (`lint --changed`, `diff`,
    /// `affected`, `lint --new-since`); revisions reach it through `GitRepository.commit`. `environment` adds
    /// variables (a temporary `GIT_INDEX_FILE`, say) to the hardened environment.
    public static func runGit(
        _ arguments: [String], environment extra: [String: String] = [:]
    ) throws(ChangedFilesError) -> String {
        String(decoding: try runGitBytes(arguments, environment: extra), as: UTF8.self)
    }

    /// `runGit`, with `input` as git's standard input and its output as bytes (file contents from `cat-file`).
    public static func runGitBytes(
        _ arguments: [String], environment extra: [String: String] = [:], input: [UInt8]? = nil
    ) throws(ChangedFilesError) -> [UInt8] {
        var options = hardenedOptions
        var environment = extra
        if let root = arguments.firstIndex(of: "-C").map({ arguments[$0 + 1] }) {
            let keys = filterKeys(root: root)
            environment.merge(emptiedCommands(keys)) { own, _ in own }
            // Also as `-c`, for a git older than 2.31 (no GIT_CONFIG_COUNT), where it can be said that way.
            for key in keys where !key.contains("=") { options += ["-c", key + "="] }
        }
        return try runHardenedGit(arguments, options: options, allowFailure: false, environment: environment, input: input)
    }

    /// Config keys set to nothing, as `GIT_CONFIG_KEY_n` variables: a driver's name may hold `=` (`filter "a=b"`),
    /// which `-c KEY=` would split in the wrong place, leaving the driver's command set.
    static func emptiedCommands(_ keys: [String]) -> [String: String] {
        var environment = ["GIT_CONFIG_COUNT": String(keys.count)]
        for (index, key) in keys.enumerated() {
            environment["GIT_CONFIG_KEY_\(index)"] = key
            environment["GIT_CONFIG_VALUE_\(index)"] = ""
        }
        return environment
    }

    /// The filter and diff driver commands a repository's config declares, looked up once per directory and
    /// process (a diff runs git a dozen times in the same repository).
    private static func filterKeys(root: String) -> [String] {
        filterKeysLock.lock()
        let known = filterKeysByRoot[root]
        filterKeysLock.unlock()
        if let known { return known }
        let listed = try? runHardenedGit(
            ["-C", root, "config", "--null", "--name-only", "--get-regexp", #"^(filter\..*\.(clean|smudge|process)|diff\..*\.(textconv|command))$"#],
            options: hardenedOptions, allowFailure: true)
        let keys = Set(String(decoding: listed ?? [], as: UTF8.self).split(separator: "\0").map(String.init)).sorted()
        filterKeysLock.lock()
        filterKeysByRoot[root] = keys
        filterKeysLock.unlock()
        return keys
    }

    private static let filterKeysLock = NSLock()
    nonisolated(unsafe) private static var filterKeysByRoot: [String: [String]] = [:]

    private static func runHardenedGit(
        _ arguments: [String], options: [String], allowFailure: Bool, environment extra: [String: String] = [:],
        input: [UInt8]? = nil
    ) throws(ChangedFilesError) -> [UInt8] {
        let command = "git " + arguments.joined(separator: " ")
        let outcome: ChildProcess.Outcome
        do {
            outcome = try ChildProcess.run(ChildProcess.Request(
                executable: "git", arguments: options + arguments,
                environment: hardenedEnvironment().merging(extra) { _, added in added },
                outputLimit: maximumListSize, standardInput: input))
        } catch {
            throw .git(command: command, message: error.description)
        }
        guard outcome.succeeded || allowFailure else {
            let message = outcome.standardError.trimmingCharacters(in: .whitespacesAndNewlines)
            throw .git(command: command, message: message.isEmpty ? outcome.statusText : message)
        }
        return outcome.standardOutput
    }
}
