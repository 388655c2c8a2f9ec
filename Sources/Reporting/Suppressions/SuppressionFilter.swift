import ArchlintModel
import Rules

/// Applies `// archlint:…` comments to a run's diagnostics.
///
/// - `// archlint:disable:next a, b [- reason]` silences `a` and `b` on the next line (the line right below the
///   comment, whatever it holds; SwiftLint's meaning).
/// - `// archlint:disable:this a` silences them on the comment's own line.
/// - `// archlint:disable a` … `// archlint:enable a` silences them from the comment to the matching `enable`
///   (or the end of the file). Positions are compared with columns, so a trailing `disable` comment doesn't cover
///   what comes before it on its line. `enable a` inside a `disable all` region re-enables just `a`.
/// - `all` stands for every rule.
///
/// It then reports, at the comment, `invalid-suppression` for an id no rule has and `unused-suppression` for a
/// comment (or some of its ids) that silenced nothing, and for an `enable` that closes nothing. These two are
/// produced after filtering and are never themselves suppressed (nor are the scanner's, e.g. for a malformed
/// comment). Ids of rules turned off (`inactiveRuleIDs`) are never called unused.
public struct SuppressionFilter: Sendable {
    public var knownRuleIDs: Set<String>
    public var inactiveRuleIDs: Set<String>
    /// The severity for `invalid-suppression` / `unused-suppression`; nil turns the diagnostic off.
    public var severity: @Sendable (String) -> Severity?

    public init(
        knownRuleIDs: Set<String> = Set(RuleRegistry.allIDs),
        inactiveRuleIDs: Set<String> = [],
        severity: @escaping @Sendable (String) -> Severity? = { RuleRegistry.defaultSeverity(of: $0) ?? .warning }
    ) {
        self.knownRuleIDs = knownRuleIDs
        self.inactiveRuleIDs = inactiveRuleIDs
        self.severity = severity
    }

    /// `comments`: root-relative path → that file's suppression comments. `modules`: path → module name, used to
    /// fill the suppression diagnostics' `module`.
    public func apply(
        _ diagnostics: [Diagnostic], comments: [String: [SuppressionComment]], modules: [String: String] = [:]
    ) -> SuppressionResult {
        var scopes: [String: FileSuppressions] = [:]
        for (file, fileComments) in comments where !fileComments.isEmpty {
            scopes[file] = FileSuppressions(comments: fileComments, knownRuleIDs: knownRuleIDs)
        }
        var kept: [Diagnostic] = []
        var suppressed: [Diagnostic] = []
        for diagnostic in diagnostics {
            if Self.unsuppressibleRuleIDs.contains(diagnostic.rule) {
                kept.append(diagnostic)
            } else if var scope = scopes[diagnostic.location.file], scope.silence(diagnostic) {
                scopes[diagnostic.location.file] = scope
                suppressed.append(diagnostic)
            } else {
                kept.append(diagnostic)
            }
        }
        var produced: [Diagnostic] = []
        for file in scopes.keys.sorted() {
            guard let scope = scopes[file] else { continue }
            produced += scope.findings(file: file, module: modules[file], inactiveRuleIDs: inactiveRuleIDs, knownRuleIDs: knownRuleIDs)
                .compactMap { finding in
                    guard let severity = severity(finding.rule) else { return nil }
                    var diagnostic = finding
                    diagnostic.severity = severity
                    return diagnostic
                }
        }
        return SuppressionResult(
            kept: (kept + produced).sorted(by: Diagnostic.stableOrder),
            suppressed: suppressed.sorted(by: Diagnostic.stableOrder),
            produced: produced.sorted(by: Diagnostic.stableOrder))
    }

    /// Findings about the comments themselves (including malformed comments reported by the scanner) are never
    /// silenced by them.
    public static let unsuppressibleRuleIDs: Set<String> = [PipelineRuleID.invalidSuppression, PipelineRuleID.unusedSuppression]

    /// Reads the comments and the file → module map from a suppression index.
    public func apply(_ diagnostics: [Diagnostic], index: SuppressionIndex) -> SuppressionResult {
        apply(diagnostics, comments: index.comments, modules: index.modules)
    }

    /// Reads the comments and the file → module map from a scanned workspace.
    public func apply(_ diagnostics: [Diagnostic], workspace: WorkspaceModel) -> SuppressionResult {
        apply(diagnostics, index: SuppressionIndex(workspace))
    }
}

public struct SuppressionResult: Hashable, Sendable {
    /// What is still reported: unsuppressed diagnostics plus the `invalid-suppression` / `unused-suppression`
    /// findings, in stable order.
    public var kept: [Diagnostic]
    /// What the comments silenced.
    public var suppressed: [Diagnostic]
    /// The `invalid-suppression` / `unused-suppression` findings (also in `kept`).
    public var produced: [Diagnostic]
}
