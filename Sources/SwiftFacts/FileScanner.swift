import ArchlintModel
import SwiftParser
import SwiftSyntax

/// How much work `FileScanner` may skip. Both modes give identical `FileFacts` for every input; `.fast` only
/// skips visitors whose output is provably empty for the file (see `FileScanner.scan(source:path:mode:)`).
public enum ScanMode: String, Sendable, CaseIterable {
    /// Every visitor on every file: the reference the fast path is tested against.
    case full
    /// Exact pre-filters on the source text before the walk.
    case fast
}

/// Turns one Swift source text into `FileFacts`: one parse, one walk, no syntax tree kept.
public enum FileScanner {
    public static func scan(source: String, path: String) -> FileFacts {
        scan(source: source, path: path, mode: .fast)
    }

    /// Pre-filters of `.fast`, each exact:
    /// - `CallFact`s need an argument labelled `parent` or `dependency`; Swift identifiers have no escapes, so
    ///   a file whose text contains neither word has none and the call check is skipped;
    /// - suppressions need the text `archlint:`; without it the trivia are never materialised.
    /// Imports, types and their members are needed for every file, so both modes always collect them.
    public static func scan(source: String, path: String, mode: ScanMode) -> FileFacts {
        var facts = FileFacts(path: path, isNeedleGenerated: isNeedleGeneratedName(path))
        if source.utf8.allSatisfy(isWhitespaceByte) { return facts }

        let tree = Parser.parse(source: source)
        let converter = SourceLocationConverter(fileName: path, tree: tree)

        let collectsCalls = mode == .full || SourceText.contains(source, "parent") || SourceText.contains(source, "dependency")
        let visitor = FactsVisitor(converter: converter, collectsCalls: collectsCalls)
        visitor.walk(tree)
        facts.imports = visitor.imports
        facts.types = visitor.types
        facts.calls = visitor.calls
        facts.isNeedleGenerated = facts.isNeedleGenerated || visitor.declaresNeedleDependenciesHash

        facts.problems = SyntaxProblems.of(tree, converter: converter)
        if mode == .full || SourceText.contains(source, "archlint:") {
            let comments = SuppressionScanner.scan(tree, converter: converter)
            facts.suppressions = comments.suppressions
            facts.problems += comments.problems
        }
        return facts
    }

    /// needle's generator writes `NeedleGenerated.swift` by convention; its content is recognised by the
    /// top-level `needleDependenciesHash` it always declares (after the user's header and imports).
    private static func isNeedleGeneratedName(_ path: String) -> Bool {
        path == "NeedleGenerated.swift" || path.hasSuffix("/NeedleGenerated.swift")
    }

    private static func isWhitespaceByte(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
