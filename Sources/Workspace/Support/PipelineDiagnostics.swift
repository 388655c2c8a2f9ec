import ArchlintModel

/// The diagnostics the Workspace stage itself produces.
enum PipelineDiagnostics {
    /// `unreadable-file` at line 1, column 1 of `path` (a file or a directory).
    static func unreadable(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(
            rule: PipelineRuleID.unreadableFile, severity: .warning, message: message,
            location: SourceLocation(file: path.isEmpty ? "." : path, line: 1, column: 1), subject: [path])
    }

    /// A `ProjectIssue` (something a manifest or project reader could not follow), at its line in the file that says it.
    static func manifestUnresolved(_ issue: ProjectIssue) -> Diagnostic {
        Diagnostic(
            rule: PipelineRuleID.manifestUnresolved, severity: .warning, message: issue.message,
            location: SourceLocation(file: issue.file, line: max(issue.line, 1), column: max(issue.column, 1)),
            subject: [issue.file, issue.message])
    }

    /// One `syntax-error` per file with syntax problems, at the first one.
    static func syntaxErrors(in facts: FileFacts, module: String?) -> Diagnostic? {
        let errors = facts.problems.filter { $0.kind == .syntaxError }
        guard let first = errors.min(by: { ($0.line, $0.column) < ($1.line, $1.column) }) else { return nil }
        let count = errorCount(errors)
        return Diagnostic(
            rule: PipelineRuleID.syntaxError, severity: .warning,
            message: "\(count) (first: \(first.message)); archlint's facts for this file may be incomplete — "
                + "fix the syntax so every import and declaration is seen",
            location: SourceLocation(file: facts.path, line: max(first.line, 1), column: max(first.column, 1)),
            module: module, subject: [facts.path])
    }

    /// `file-too-complex` where the scanner stopped reading a file (it reports at most one per file).
    static func tooComplex(in facts: FileFacts, module: String?) -> Diagnostic? {
        guard let problem = facts.problems.first(where: { $0.kind == .fileTooComplex }) else { return nil }
        return Diagnostic(
            rule: PipelineRuleID.fileTooComplex, severity: .warning,
            message: "\(problem.message); archlint read only this file's imports"
                + (problem.line == 1 && problem.column == 1 ? "" : " above this point")
                + " — if it is generated, add it to `exclude:` in .archlint.yml, else split or flatten it",
            location: SourceLocation(file: facts.path, line: max(problem.line, 1), column: max(problem.column, 1)),
            module: module, subject: [facts.path])
    }

    /// The scanner keeps a few errors per file plus one `… N more syntax errors` entry.
    private static func errorCount(_ errors: [FileProblem]) -> String {
        var total = errors.count
        if let last = errors.last, last.message.hasPrefix("… ") {
            let more = last.message.dropFirst(2).prefix { $0.isNumber }
            total = errors.count - 1 + (Int(more) ?? 1)
        }
        return total == 1 ? "1 syntax error" : "\(total) syntax errors"
    }

    /// `invalid-suppression` for each `// archlint:` comment the scanner couldn't parse as a suppression.
    static func malformedSuppressions(in facts: FileFacts, module: String?) -> [Diagnostic] {
        malformedSuppressions(facts.problems, file: facts.path, module: module)
    }

    /// The same for a manifest's or project file's comments (see `SourceSuppressions`).
    static func malformedSuppressions(_ problems: [FileProblem], file: String, module: String?) -> [Diagnostic] {
        problems.filter { $0.kind == .malformedSuppression }.map { problem in
            Diagnostic(
                rule: PipelineRuleID.invalidSuppression, severity: .warning,
                message: problem.message + " — this comment suppresses nothing",
                location: SourceLocation(file: file, line: max(problem.line, 1), column: max(problem.column, 1)),
                module: module, subject: [file, problem.message])
        }
    }
}
