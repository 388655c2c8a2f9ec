import Foundation

extension ChangedFiles {
    /// The files changed relative to `revision` (working tree vs REV, staged and unstaged), or — with no
    /// revision — the staged changes (`git diff --cached`), which is what a pre-commit hook checks.
    ///
    /// Runs git in `root` with `--relative`, so paths are relative to the root even when it is a subdirectory of
    /// the repository, and files outside it are left out. Renames count under both names (`--no-renames`).
    public static func fromGit(root: String, revision: String?) throws(ChangedFilesError) -> ChangedFiles {
        var arguments = ["-C", root, "diff", "--name-only", "-z", "--no-renames", "--relative"]
        arguments.append(revision ?? "--cached")
        arguments.append("--")
        let output = try runGit(arguments)
        let paths = output.split(separator: "\0").map(String.init).filter { !$0.isEmpty }
        return ChangedFiles(paths: Set(paths))
    }

    /// Reads a list of paths, one per line (blank lines and `#` comments ignored). Each path may be relative to
    /// the analysed root, prefixed with the root as given (`some/dir/Sources/A.swift` for root `some/dir`), or
    /// absolute; paths outside the root are dropped.
    public static func fromList(path listPath: String, root: String) throws(ChangedFilesError) -> ChangedFiles {
        let text: String
        do {
            text = try String(contentsOf: URL(fileURLWithPath: listPath), encoding: .utf8)
        } catch {
            throw .unreadableList(path: listPath, reason: (error as NSError).localizedDescription)
        }
        return fromList(text: text, root: root)
    }

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

    private static func runGit(_ arguments: [String]) throws(ChangedFilesError) -> String {
        let command = "git " + arguments.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .git(command: command, message: "cannot run git: \((error as NSError).localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            throw .git(command: command, message: message.isEmpty ? "exit status \(process.terminationStatus)" : message)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
