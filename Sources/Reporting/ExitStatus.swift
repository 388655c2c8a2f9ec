import ArchlintModel

/// One exit rule for every format: 0 when nothing is an error, 1 when something is (or, under `--strict`, when
/// anything at all is reported). 2 (usage/config errors) is the CLI's.
public enum ExitStatus {
    public static let success: Int32 = 0
    public static let violations: Int32 = 1

    /// `diagnostics` are those the run reports (after baseline, suppressions and `--changed`).
    public static func compute(diagnostics: [Diagnostic], strict: Bool) -> Int32 {
        if strict { return diagnostics.isEmpty ? success : violations }
        return diagnostics.contains { $0.severity == .error } ? violations : success
    }

    /// With a baseline: `diagnostics` are the new ones; under `strictBaseline` fixed entries fail too, so the
    /// baseline file can only shrink (rewrite it to pass).
    public static func compute(diagnostics: [Diagnostic], strict: Bool, baseline: BaselineMatch?, strictBaseline: Bool) -> Int32 {
        let status = compute(diagnostics: diagnostics, strict: strict)
        if status == success, strictBaseline, let baseline, !baseline.fixed.isEmpty { return violations }
        return status
    }
}
