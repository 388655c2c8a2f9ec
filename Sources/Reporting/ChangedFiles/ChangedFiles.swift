import ArchlintModel
import Foundation

/// The files a change touches, relative to the analysed root, for `lint --changed [REV]` and
/// `--changed-files-from FILE`. The whole repository is still analysed (graph rules are global); only what is
/// reported is narrowed (see `filter`).
public struct ChangedFiles: Hashable, Sendable {
    /// Root-relative, `/`-separated.
    public var paths: Set<String>

    public init(paths: Set<String>) {
        self.paths = paths
    }

    /// Files that, when changed, make every diagnostic relevant: the configuration decides what all rules report.
    public static let globalFiles: Set<String> = [".archlint.yml", ".archlint.yaml"]

    /// Keeps a diagnostic when its location or any related location (`Diagnostic.evidenceFiles`) is a changed
    /// file, when the manifest that declares its module changed (a dependency added or removed there can create
    /// a violation located in a source file), or when the configuration changed.
    ///
    /// - Parameter manifestsByModule: module name or id → paths of the manifests declaring a module of that name
    ///   (see `manifestsByModule(_:)`).
    public func filter(_ diagnostics: [Diagnostic], manifestsByModule: [String: Set<String>] = [:]) -> ChangedFilter {
        if !paths.isDisjoint(with: Self.globalFiles) {
            return ChangedFilter(kept: diagnostics, dropped: [])
        }
        var kept: [Diagnostic] = []
        var dropped: [Diagnostic] = []
        for diagnostic in diagnostics {
            let manifests = diagnostic.module.flatMap { manifestsByModule[$0] } ?? []
            if !paths.isDisjoint(with: diagnostic.evidenceFiles) || !paths.isDisjoint(with: manifests) {
                kept.append(diagnostic)
            } else {
                dropped.append(diagnostic)
            }
        }
        return ChangedFilter(kept: kept, dropped: dropped)
    }

    /// Module name and id → the manifests declaring it, from a scanned workspace.
    public static func manifestsByModule(_ workspace: WorkspaceModel) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for module in workspace.modules {
            guard let manifest = module.manifest else { continue }
            result[module.id, default: []].insert(manifest)
            result[module.name, default: []].insert(manifest)
        }
        return result
    }
}

public struct ChangedFilter: Hashable, Sendable {
    public var kept: [Diagnostic]
    /// Diagnostics with no location or evidence in a changed file.
    public var dropped: [Diagnostic]
}

public enum ChangedFilesError: Error, CustomStringConvertible, Equatable {
    case git(command: String, message: String)
    /// A root outside a repository, a revision that names no commit, a missing object: the message says which.
    case repository(String)
    case unreadableList(path: String, reason: String)

    public var description: String {
        switch self {
        case .git(let command, let message):
            "`\(command)` failed: \(message)"
        case .repository(let message):
            message
        case .unreadableList(let path, let reason):
            "cannot read the changed-files list \(path): \(reason)"
        }
    }
}
