import ArchlintModel

/// The diagnostics the Workspace stage itself produces.
enum PipelineDiagnostics {
    /// `unreadable-file` at line 1, column 1 of `path` (a file or a directory).
    static func unreadable(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(
            rule: PipelineRuleID.unreadableFile, severity: .warning, message: message,
            location: SourceLocation(file: path.isEmpty ? "." : path, line: 1, column: 1), subject: [path])
    }

    static func manifestUnresolved(manifest: String, issue: ManifestIssue) -> Diagnostic {
        Diagnostic(
            rule: PipelineRuleID.manifestUnresolved, severity: .warning, message: issue.message,
            location: SourceLocation(file: manifest, line: max(issue.line, 1), column: max(issue.column, 1)),
            subject: [manifest, issue.message])
    }

    /// One `syntax-error` per file, at its first problem.
    static func syntaxErrors(in facts: FileFacts, module: String?) -> Diagnostic? {
        let problems = facts.problems.filter { $0.kind == .syntaxError }
        guard let first = problems.min(by: { ($0.line, $0.column) < ($1.line, $1.column) }) else { return nil }
        let count = problems.count
        let summary = count == 1 ? "1 syntax error" : "\(count) syntax errors"
        return Diagnostic(
            rule: PipelineRuleID.syntaxError, severity: .warning,
            message: "\(summary) (first: \(first.message)); archlint's facts for this file may be incomplete — "
                + "fix the syntax so every import and declaration is seen",
            location: SourceLocation(file: facts.path, line: max(first.line, 1), column: max(first.column, 1)),
            module: module, subject: [facts.path])
    }

    /// `invalid-suppression` at each `// archlint:` comment the scanner could not read (unknown directive, no rule).
    static func malformedSuppressions(in facts: FileFacts, module: String?) -> [Diagnostic] {
        facts.problems.filter { $0.kind == .malformedSuppression }.map { problem in
            Diagnostic(
                rule: PipelineRuleID.invalidSuppression, severity: .warning, message: problem.message,
                location: SourceLocation(file: facts.path, line: max(problem.line, 1), column: max(problem.column, 1)),
                module: module, subject: [facts.path, problem.message])
        }
    }
}
