import ArchlintModel
import Foundation

/// Writes a plan in one `FileTransaction`: every new file's temporary first, then the new files renamed into
/// place, the parent's file last (it is locked since the plan read it). A file in the way, a full disk or a
/// signal leaves the tree as it was: never a factory without its component, never half the files.
public enum ScaffoldWriter {
    /// Returns the paths written, relative to the root.
    @discardableResult
    public static func write(_ plan: ScaffoldPlan) throws(ScaffoldError) -> [String] {
        let patch = plan.parentPatch
        let transaction = plan.transaction
        var written: [String] = []
        var display: [String: String] = [:]
        for file in plan.files {
            let path = plan.absolute(file.path)
            display[path] = file.path
            transaction.stage(Array(file.contents.utf8), at: path, kind: .newFile, force: file.replaces)
            written.append(file.path)
        }
        // Unchanged (`--force` over an earlier run): not rewritten, so its date stays.
        if Array(patch.patched.utf8) != patch.original {
            let path = plan.absolute(patch.path)
            display[path] = patch.path
            transaction.stage(Array(patch.patched.utf8), at: path)
            written.insert(patch.path, at: 0)
        }
        do {
            try transaction.commit()
        } catch {
            var failure = error
            failure.path = display[error.path] ?? error.path
            throw ScaffoldError(failure.sentence + (failure.sentence.hasSuffix(".") ? "" : "."))
        }
        return written
    }
}
