import ArchlintModel
import Foundation
import Reporting
import SystemSupport
import Workspace

/// A revision read as the working tree with some sources holding other contents, without writing a copy: when
/// the revision differs from the working tree only in the contents of Swift sources the working tree's scan
/// parsed, its scan is that scan with those sources replaced (`WorkspaceScan.replacingSources`). Anything else and
/// the caller checks the revision out (`RevisionTree`):
/// - a file discovery reads (source, `Package.swift`, project or YAML file, Tuist file) added, removed, renamed,
///   turned into or out of a symlink or submodule, or a changed one that isn't a source the scan parsed;
/// - a file the working tree's scan read that git doesn't track at the revision (untracked or ignored), or that
///   the revision holds as anything but a regular file;
/// - a directory of the revision that the working tree lacks.
///
/// A directory the working tree has and the revision lacks is allowed: it holds no file either side reads (else
/// one of the above applies), and readers only look directories up as the homes of sources.
enum RevisionSources {
    /// The revision's contents of the sources that differ from the working tree (root-relative path → bytes,
    /// converted as `git checkout` converts them), or nil when the revision differs in more than that or git
    /// can't say.
    static func changedSources(
        repository: GitRepository, commit: String, workingTree scan: WorkspaceScan
    ) -> [String: [UInt8]]? {
        let prefix = repository.prefix
        let top = repository.topLevel
        // The revision's tree at the root (ls-tree fails when the revision has no such directory or git lacks an
        // object, which a checkout handles) and what differs from it; independent, so both at once.
        let (listed, compared) = concurrently(
            { try? ChangedFiles.runGitBytes(["-C", top, "ls-tree", "-r", "-z", "\(commit):\(prefix)"]) },
            { try? repository.changes(since: commit) })
        guard let listing = listed, let changes = compared else { return nil }

        var modes: [String: String] = [:]
        var directories: Set<String> = [""]
        for entry in listing.split(separator: 0) {
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
            let path = String(decoding: entry[(tab + 1)...], as: UTF8.self)
            modes[path] = String(decoding: entry.prefix(while: { $0 != UInt8(ascii: " ") }), as: UTF8.self)
            var parent = (path as NSString).deletingLastPathComponent
            while !parent.isEmpty, directories.insert(parent).inserted { parent = (parent as NSString).deletingLastPathComponent }
        }
        let regular: Set<String> = ["100644", "100755"]
        // Everything the working tree's scan read is a regular file at the revision.
        for path in scan.inputs.sources.union(scan.inputs.otherInputs) {
            guard let mode = modes[path], regular.contains(mode) else { return nil }
        }
        // Every directory of the revision is one of the working tree's (walked, or skipped by its path as the
        // revision's walk would skip it).
        for directory in directories where !scan.inputs.directories.contains(directory) {
            let systemPath = (repository.root.isEmpty ? "." : repository.root) + "/" + directory
            guard (try? FileManager.default.attributesOfItem(atPath: systemPath))?[.type] as? FileAttributeType == .typeDirectory
            else { return nil }
        }
        var changed: [(path: String, object: String)] = []
        let special: Set<String> = ["120000", "160000"]
        for change in changes {
            let path = change.path
            guard RevisionTree.isRead(path) || special.contains(change.oldMode) || special.contains(change.newMode)
            else { continue }
            guard change.status == "M", regular.contains(change.oldMode), regular.contains(change.newMode),
                  scan.inputs.sources.contains(path), !scan.inputs.otherInputs.contains(path), !path.contains("\n")
            else { return nil }
            changed.append((path, change.oldObject))
        }
        guard !changed.isEmpty else { return [:] }
        return contents(of: changed, prefix: prefix, top: top)
    }

    /// The blobs' contents through the checkout's conversions (`cat-file --filters`, the path naming the
    /// attributes), in one git process.
    private static func contents(of files: [(path: String, object: String)], prefix: String, top: String) -> [String: [UInt8]]? {
        var input: [UInt8] = []
        for file in files { input += Array("\(file.object) \(prefix)\(file.path)\n".utf8) }
        guard let output = try? ChangedFiles.runGitBytes(["-C", top, "cat-file", "--batch", "--filters"], input: input)
        else { return nil }
        // Each answer: `<object> blob <size>\n<contents>\n`.
        var result: [String: [UInt8]] = [:]
        var offset = 0
        for file in files {
            guard let newline = output[offset...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let header = String(decoding: output[offset..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]),
                  newline + 1 + size < output.count, output[newline + 1 + size] == UInt8(ascii: "\n")
            else { return nil }
            result[file.path] = Array(output[(newline + 1)..<(newline + 1 + size)])
            offset = newline + 2 + size
        }
        return result
    }
}
