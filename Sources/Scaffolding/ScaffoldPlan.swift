import Foundation
import ArchlintModel
import SystemSupport

/// Everything `new component` would write, computed before anything is written.
public struct ScaffoldPlan: Sendable {
    public struct NewFile: Sendable, Equatable {
        /// Relative to the analysed root.
        public var path: String
        public var contents: String
        /// The file exists and `--force` allows replacing it.
        public var replaces: Bool
    }

    /// The parent's file before and after the edit.
    public struct ParentPatch: Sendable, Equatable {
        public var path: String
        /// The bytes the patch was computed from: the write is refused when the file no longer holds them.
        public var original: [UInt8]
        public var patched: String
    }

    /// The analysed root the paths are relative to.
    public var root: String
    public var files: [NewFile]
    public var parentPatch: ParentPatch
    /// Things to do by hand (a module dependency to declare, a project to add the files to).
    public var notes: [String]
    /// Holds the parent's file locked from the read the patch was made from until `ScaffoldWriter` renames it.
    public var transaction: FileTransaction

    /// `--dry-run`'s output: each new file in full, then the unified diff of the parent's file.
    public func dryRunText() -> String {
        var text = ""
        for file in files {
            text += "\(file.replaces ? "replaced" : "new") file \(file.path):\n"
            text += file.contents
            if !file.contents.hasSuffix("\n") { text += "\n" }
            text += "\n"
        }
        text += UnifiedDiff.make(
            old: String(decoding: parentPatch.original, as: UTF8.self), new: parentPatch.patched,
            oldName: "a/" + parentPatch.path, newName: "b/" + parentPatch.path)
        return text
    }

    func absolute(_ path: String) -> String {
        URL(fileURLWithPath: root).appendingPathComponent(path).path
    }
}
