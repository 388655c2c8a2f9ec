import ArchlintModel
import SwiftDiagnostics
import SwiftParserDiagnostics
import SwiftSyntax
import SyntaxSupport
import SystemSupport

/// Syntax errors of a tree as `FileProblem`s: the parser's messages, capped per file.
enum SyntaxProblems {
    static let limit = 5

    static func of(_ tree: SourceFileSyntax, lines: LineTable) -> [FileProblem] {
        // `hasError` is a flag on the tree's root: files without errors cost nothing here.
        guard tree.hasError else { return [] }
        let errors = ParseDiagnosticsGenerator.diagnostics(for: tree).filter { $0.diagMessage.severity == .error }
        var problems = errors.prefix(limit).map { problem($0.message, at: $0.position, lines) }
        // A merge git left unfinished is what to fix, whatever the parser made of its markers.
        if let marker = MergeConflict.firstMarker(in: tree.syntaxTextBytes) {
            problems.insert(FileProblem(message: "unresolved git merge conflict (a line starting with `\(marker.text)`)",
                                        line: marker.line, column: 1, kind: .syntaxError), at: 0)
        }
        if errors.count > limit {
            let more = errors.count - limit
            problems.append(
                problem("… \(more) more syntax error\(more == 1 ? "" : "s") in this file", at: errors[limit].position, lines))
        }
        return problems
    }

    private static func problem(_ message: String, at position: AbsolutePosition, _ lines: LineTable) -> FileProblem {
        let location = lines.location(of: position)
        return FileProblem(message: message, line: location.line, column: location.column, kind: .syntaxError)
    }
}
