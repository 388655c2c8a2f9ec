import Foundation

/// Writes a plan: the parent's file first (only when it still holds the bytes the patch was made from), then the
/// new files, each atomically (a temporary file in the same folder, renamed over the destination).
public enum ScaffoldWriter {
    /// Returns the paths written, relative to the root.
    @discardableResult
    public static func write(_ plan: ScaffoldPlan) throws(ScaffoldError) -> [String] {
        let patch = plan.parentPatch
        // Through a symlink to its target: the rename must replace the file, not the link.
        let parentURL = plan.absolute(patch.path).resolvingSymlinksInPath()
        // Checked as late as possible: just before the rename that replaces it. Unchanged (`--force` over an
        // earlier run): not rewritten, so its date stays.
        var written: [String] = []
        if Array(patch.patched.utf8) != patch.original {
            try writeParent(patch, to: parentURL)
            written.append(patch.path)
        }
        for file in plan.files {
            let url = plan.absolute(file.path)
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw ScaffoldError("Can't create the folder of \(file.path): \(error.localizedDescription)")
            }
            try writeAtomically(Array(file.contents.utf8), to: url) { () throws(ScaffoldError) in
                if !file.replaces && FileManager.default.fileExists(atPath: url.path) {
                    throw ScaffoldError("\(file.path) appeared since the check; not replaced. Pass --force to replace it.")
                }
            }
            written.append(file.path)
        }
        return written
    }

    private static func writeParent(_ patch: ScaffoldPlan.ParentPatch, to parentURL: URL) throws(ScaffoldError) {
        try writeAtomically(Array(patch.patched.utf8), to: parentURL) { () throws(ScaffoldError) in
            let now = try? Data(contentsOf: parentURL)
            let modified = (try? FileManager.default.attributesOfItem(atPath: parentURL.path))?[.modificationDate] as? Date
            guard now.map(Array.init) == patch.original, modified == patch.modificationDate else {
                throw ScaffoldError("\(patch.path) changed since it was read; nothing was written. Run the command again.")
            }
        }
    }

    static func writeAtomically(
        _ bytes: [UInt8], to url: URL, check: () throws(ScaffoldError) -> Void
    ) throws(ScaffoldError) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).archlint-\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(bytes).write(to: temporary, options: .withoutOverwriting)
        } catch {
            throw ScaffoldError("Can't write next to \(url.path): \(error.localizedDescription)")
        }
        // A replaced file keeps its mode.
        if let mode = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.posixPermissions] {
            try? FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: temporary.path)
        }
        do {
            try check()
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw ScaffoldError("Can't replace \(url.path): \(reason)")
        }
    }
}
