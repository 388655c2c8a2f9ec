import ArchlintModel
import SwiftFacts

/// The `archlint:` comments of a file that is not a module's Swift source: a Package.swift, a Tuist
/// `Project.swift` (Swift comments, read by the same scanner as sources) or an XcodeGen `project.yml`
/// (`# archlint:…` comments). Findings located in these files (a declared dependency, an unused one) are
/// suppressed by them like findings in sources, and their invalid and unused comments are reported the same way.
enum SourceSuppressions {
    struct Comments: Hashable, Sendable {
        var suppressions: [SuppressionComment] = []
        /// Malformed comments (`FileProblem.Kind.malformedSuppression`).
        var problems: [FileProblem] = []
    }

    /// A Swift file's comments; the file is parsed only when its text holds `archlint:`.
    static func scan(source: String, path: String) -> Comments {
        guard source.contains("archlint:") else { return Comments() }
        let facts = FileScanner.scan(source: source, path: path)
        return Comments(suppressions: facts.suppressions, problems: facts.problems.filter { $0.kind == .malformedSuppression })
    }

    /// A YAML file's `# archlint:…` comments.
    static func scanYAML(source: String) -> Comments {
        let found = HashCommentSuppressions.scan(source)
        return Comments(suppressions: found.suppressions, problems: found.problems)
    }
}
