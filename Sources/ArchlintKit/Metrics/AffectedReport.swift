import ArchlintModel
import Foundation
import Graphs
import Reporting

extension AffectedModules {
    /// The files changed since `revision` in the git repository holding `root`: committed, staged and unstaged
    /// changes (the working tree against `revision`, as `lint --changed REV` reads them) plus untracked files that
    /// aren't ignored, relative to `root`. Reads git only: nothing in the tree, the index or the stash changes.
    ///
    /// Throws, with one clear message each (exit 2): `root` outside a git work tree, a revision that names no
    /// commit, and one missing from a shallow clone (with the `git fetch` to run).
    public static func changedPaths(root: String, since revision: String) throws(LintFailure) -> Set<String> {
        try lintFailing { () throws(ChangedFilesError) in
            let repository = try GitRepository(root: root, purpose: "affected reads what changed from git")
            let changed = try repository.changes(since: try repository.commit(revision)).map(\.path)
            let untracked = try repository.git(["ls-files", "--others", "--exclude-standard", "-z", "--", "."])
            return Set(changed).union(untracked.split(separator: "\0").map(String.init).filter { !$0.isEmpty })
        }
    }
}

/// `archlint affected` output: text for people, json (a documented contract) for CI.
public enum AffectedReport {
    public enum Format: String, CaseIterable, Sendable {
        case text, json
    }

    public static func render(_ affected: AffectedModules, since revision: String, format: Format) -> String {
        switch format {
        case .json: json(affected, since: revision).rendered() + "\n"
        case .text: text(affected, since: revision)
        }
    }

    public static func json(_ affected: AffectedModules, since revision: String) -> JSONValue {
        .object([
            ("kind", .string("affected")),
            ("since", .string(revision)),
            ("changedFiles", .strings(affected.changedFiles)),
            ("unmatchedFiles", .strings(affected.unmatchedFiles)),
            ("modules", .array(affected.modules.map { module in
                .object([
                    ("id", .string(module.id)),
                    ("name", .string(module.name)),
                    ("type", .string(module.type.rawValue)),
                    ("test", .bool(module.isTest)),
                    ("reason", .string(module.reason.rawValue)),
                    ("changedFiles", .strings(module.changedFiles)),
                    ("dependsOn", .strings(module.dependsOn)),
                ])
            })),
            ("tests", .strings(affected.tests.map(\.name))),
        ])
    }

    public static func text(_ affected: AffectedModules, since revision: String) -> String {
        let changed = affected.modules.filter { $0.reason == .changed }
        let dependents = affected.modules.filter { $0.reason == .dependent }
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        var text = "\(count(affected.changedFiles.count, "file")) changed since \(VisibleText.escaped(revision)): "
            + "\(count(changed.count, "module")) changed, \(count(dependents.count, "module")) depending on them, "
            + "\(count(affected.tests.count, "test target")) affected\n"
        if !changed.isEmpty {
            text += "\nChanged:\n"
            for module in changed {
                let more = module.changedFiles.count > 1 ? " (+\(module.changedFiles.count - 1) more)" : ""
                text += "  \(label(module))  \(VisibleText.escaped(module.changedFiles[0]))\(more)\n"
            }
        }
        if !dependents.isEmpty {
            text += "\nDepending on them:\n"
            for module in dependents {
                text += "  \(label(module))  via \(module.dependsOn.map(VisibleText.escaped).joined(separator: ", "))\n"
            }
        }
        if !affected.tests.isEmpty {
            text += "\nTests to run: \(affected.tests.map { VisibleText.escaped($0.name) }.joined(separator: " "))\n"
        }
        if !affected.unmatchedFiles.isEmpty {
            text += "\nChanged files that belong to no module (a cautious CI runs everything): "
                + affected.unmatchedFiles.map(VisibleText.escaped).joined(separator: ", ") + "\n"
        }
        return text
    }

    private static func label(_ module: AffectedModules.Entry) -> String {
        VisibleText.escaped(module.id) + (module.isTest ? " [test]" : "")
    }
}
