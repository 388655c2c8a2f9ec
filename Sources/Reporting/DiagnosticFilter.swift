import ArchlintModel
import Rules

/// What a run reports after the three filters, and what each filter took out.
public struct FilteredDiagnostics: Hashable, Sendable {
    /// What to report and compute the exit code from, in stable order.
    public var reported: [Diagnostic]
    public var suppression: SuppressionResult
    /// nil without a baseline.
    public var baseline: BaselineMatch?
    /// `lint --new-since REV`: the findings also present at REV (`known`), which don't fail the run; nil without it.
    public var atRevision: BaselineMatch?
    /// Left out by `--changed` / `--changed-files-from`.
    public var outsideChangedFiles: [Diagnostic]

    /// For `ReportOptions.filter`: counted in findings (`FindingGrouping`), as the reports count them, so a
    /// finding imported from three files and baselined is one known violation.
    public var summary: ReportFilterSummary {
        ReportFilterSummary(
            knownViolationsIgnored: FindingGrouping.group(baseline?.known ?? []).count,
            fixedBaselineEntries: baseline?.fixedCount ?? 0,
            suppressed: FindingGrouping.group(suppression.suppressed).count,
            outsideChangedFiles: FindingGrouping.group(outsideChangedFiles).count,
            knownAtRevision: FindingGrouping.group(atRevision?.known ?? []).count)
    }
}

/// The reporting-side pipeline, in this order:
/// 1. inline suppressions (and the `invalid-suppression` / `unused-suppression` findings they produce),
/// 2. the baseline, matched against the whole run so that only truly fixed entries count as fixed,
/// 3. with `lint --new-since REV`, the findings REV already had (by the baseline's line-free key, recorded from a
///    lint of REV), matched against the whole run like the baseline,
/// 4. changed files, which only narrow what is reported.
public enum DiagnosticFilter {
    public static func apply(
        _ diagnostics: [Diagnostic], workspace: WorkspaceModel, suppressions: SuppressionFilter = SuppressionFilter(),
        baseline: Baseline? = nil, changed: ChangedFiles? = nil
    ) -> FilteredDiagnostics {
        apply(diagnostics, index: SuppressionIndex(workspace), suppressions: suppressions, baseline: baseline, changed: changed)
    }

    /// Each filter works per location: a module-edge finding imported from three files is three diagnostics
    /// here, so a comment, a baseline entry or `--changed` takes out one location; `FindingGrouping` merges what
    /// is left into one finding afterwards (`LintFindings.report`).
    public static func apply(
        _ diagnostics: [Diagnostic], index: SuppressionIndex, suppressions: SuppressionFilter = SuppressionFilter(),
        baseline: Baseline? = nil, knownAtRevision: Baseline? = nil, changed: ChangedFiles? = nil
    ) -> FilteredDiagnostics {
        let suppression = suppressions.apply(diagnostics, index: index)
        var remaining = suppression.kept
        var match: BaselineMatch?
        if let baseline {
            let result = baseline.match(remaining)
            remaining = result.new
            match = result
        }
        var atRevision: BaselineMatch?
        if let knownAtRevision {
            let result = knownAtRevision.match(remaining)
            remaining = result.new
            atRevision = result
        }
        var outside: [Diagnostic] = []
        if let changed {
            // A finding is shown whole when any of its locations is in a changed file.
            let result = changed.filter(remaining, manifestsByModule: index.manifestsByModule)
            let shown = Set(result.kept.map(FindingGrouping.key(of:)))
            remaining = result.kept + result.dropped.filter { shown.contains(FindingGrouping.key(of: $0)) }
            outside = result.dropped.filter { !shown.contains(FindingGrouping.key(of: $0)) }
        }
        return FilteredDiagnostics(
            reported: remaining.sorted(by: Diagnostic.stableOrder), suppression: suppression, baseline: match,
            atRevision: atRevision, outsideChangedFiles: outside)
    }
}

extension SuppressionFilter {
    /// Follows the run's policy: a rule that doesn't run here (set `off`, or its group inactive) is never called
    /// unused, and `invalid-suppression` / `unused-suppression` follow their own severity. A team's own rules
    /// (`custom:<name>`) are known ids too; one set to `off` is inactive.
    public init(policy: FindingsPolicy) {
        self.init(
            knownRuleIDs: policy.knownRuleIDs, inactiveRuleIDs: policy.inactiveRuleIDs,
            severity: { policy.severity(for: $0) })
    }
}
