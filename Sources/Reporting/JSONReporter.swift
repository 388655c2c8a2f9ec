import ArchlintModel

/// The `archlint lint --format json` contract (keys in contract order, pretty-printed, deterministic):
///
///     {"tool", "version", "root", "summary": {files, modules, components, errors, warnings, notes, withheld},
///      "diagnostics": [{rule, severity, message, file, line, column, module|null, related: [{file, line, column, message}]}]}
///
/// Diagnostics are written in `Diagnostic.stableOrder`; `file` is relative to the root.
public struct JSONReporter: Reporter {
    public static let name = "json"
    public static let summary = "The archlint JSON contract (tool, version, root, summary, diagnostics)."

    public init() {}

    public func generate(_ report: LintReport, options: ReportOptions) -> String {
        Self.document(report).rendered() + "\n"
    }

    static func document(_ report: LintReport) -> JSONValue {
        let summary = report.summary
        return .object([
            ("tool", .string(report.tool)),
            ("version", .string(report.version)),
            ("root", .string(report.root)),
            ("summary", .object([
                ("files", .int(summary.files)),
                ("modules", .int(summary.modules)),
                ("components", .int(summary.components)),
                ("errors", .int(summary.errors)),
                ("warnings", .int(summary.warnings)),
                ("notes", .int(summary.notes)),
                ("withheld", withheld(summary.withheld)),
            ])),
            ("diagnostics", .array(report.diagnostics.sorted(by: Diagnostic.stableOrder).map(diagnostic))),
        ])
    }

    /// `{"findings", "partialTargets": [module ids], "rules": {rule id: findings}, "unreadProjects": [project paths],
    /// "widenedNeedleWorlds": [app ids]}`.
    static func withheld(_ withheld: WithheldFindings) -> JSONValue {
        .object([
            ("findings", .int(withheld.findings)),
            ("partialTargets", .array(withheld.partialTargets.map { .string($0) })),
            ("rules", .object(withheld.rules.map { ($0.rule, .int($0.findings)) })),
            ("unreadProjects", .array(withheld.unreadProjects.map { .string($0) })),
            ("widenedNeedleWorlds", .array(withheld.widenedNeedleWorlds.map { .string($0) })),
        ])
    }

    static func diagnostic(_ diagnostic: Diagnostic) -> JSONValue {
        .object([
            ("rule", .string(diagnostic.rule)),
            ("severity", .string(diagnostic.severity.rawValue)),
            ("message", .string(diagnostic.message)),
            ("file", .string(diagnostic.location.file)),
            ("line", .int(diagnostic.location.line)),
            ("column", .int(diagnostic.location.column)),
            ("module", .optional(diagnostic.module)),
            ("related", .array(diagnostic.related.map { related in
                .object([
                    ("file", .string(related.location.file)),
                    ("line", .int(related.location.line)),
                    ("column", .int(related.location.column)),
                    ("message", .string(related.message)),
                ])
            })),
        ])
    }
}
