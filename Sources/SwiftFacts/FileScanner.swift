import ArchlintModel
import Dispatch
import SwiftParser
import SwiftSyntax
import SyntaxSupport
import SystemSupport

/// How much work `FileScanner` may skip. Both modes give identical `FileFacts` for every input; `.fast` only
/// skips visitors whose output is provably empty for the file (see `FileScanner.scan(source:path:mode:)`).
public enum ScanMode: String, Sendable, CaseIterable {
    /// Every visitor on every file: the reference the fast path is tested against.
    case full
    /// Exact pre-filters on the source text before the walk.
    case fast
}

/// Turns one Swift source text into `FileFacts`: one parse, one walk, no syntax tree kept.
///
/// Any input is safe: a byte-level pass (`SourceShape`) first checks the file against `ScanLimits`. A file past
/// a bound is not parsed; it gets a `.fileTooComplex` problem where the bound was exceeded, and only its
/// top-level imports (and `archlint:` comments) above that point are read, by parsing just those lines (and
/// the `#if` lines around them) and locating them in the original file. Deep files are parsed and walked on a thread with a large stack.
public enum FileScanner {
    public static func scan(source: String, path: String) -> FileFacts {
        scan(source: source, path: path, mode: .fast)
    }

    /// Pre-filters of `.fast`, each exact:
    /// - a file without `FactWords` in code, whose imports and `#if` lines `SourceShape` keeps whole, gets the
    ///   import-only scan when everything else in it is whitespace or comments: only those lines (and
    ///   `archlint:` comments) are parsed. If that parse finds a syntax error, the whole file is parsed instead,
    ///   so its errors are the full parse's, and no code goes unparsed;
    /// - `CallFact`s need an argument labelled `parent` or `dependency`; Swift identifiers have no escapes, so
    ///   a file whose text contains neither word has none and the call check is skipped;
    /// - suppressions need the text `archlint:`; without it the trivia are never materialised.
    /// Imports, types and their members are needed for every file, so both modes always collect them.
    public static func scan(source: String, path: String, mode: ScanMode) -> FileFacts {
        if source.utf8.allSatisfy(isWhitespaceByte) {
            return FileFacts(path: path, isNeedleGenerated: isNeedleGeneratedName(path), declaresNothing: true)
        }
        return scan(source: source, path: path, mode: mode, shape: SourceShape(source))
    }

    /// Reads a file as `demand` asks: a file whose code holds none of its names, and whose imports the
    /// import-only scan reads exactly (`SourceShape.importsReason`), is read for its imports and `archlint:`
    /// comments only, with the names in its declaration headers; any other file is scanned as `scan` does.
    ///
    /// The skimmed facts equal the full scan's imports, suppressions and malformed-suppression problems. Syntax
    /// errors outside the import lines aren't looked for: a file no rule reads the declarations of can't make
    /// rules miss findings (the reason `syntax-error` exists), and the compiler reports them.
    public static func read(source: String, path: String, demand: ScanDemand) -> FileReading {
        if demand.isEverything || source.utf8.allSatisfy(isWhitespaceByte) {
            return FileReading(facts: scan(source: source, path: path, mode: .fast), skimmed: nil)
        }
        let shape = SourceShape(source, demand: demand)
        if shape.exceeded == nil, !shape.demandMatched, shape.importsReason == nil, shape.depth <= inlineDepth,
           !isNeedleGeneratedName(path) {
            let lines = LineTable(source)
            let importOnly = shape.importOnlySource(of: source)
            let read = parseAndWalk(importOnly.text, lines: lines.mapping(importOnly.segments), mode: .fast)
            if !read.problems.contains(where: { $0.kind != .malformedSuppression }) {
                let facts = FileFacts(
                    path: path, imports: read.imports, suppressions: read.suppressions, problems: read.problems,
                    memberNames: shape.memberNames, declaresNothing: shape.skipsOnlyTrivia(of: source))
                return FileReading(facts: facts, skimmed: shape.declarationNames)
            }
        }
        return FileReading(facts: scan(source: source, path: path, mode: .fast, shape: shape), skimmed: nil)
    }

    private static func scan(source: String, path: String, mode: ScanMode, shape: SourceShape) -> FileFacts {
        var facts = FileFacts(path: path, isNeedleGenerated: isNeedleGeneratedName(path), memberNames: shape.memberNames)
        let lines = LineTable(source)
        if let exceeded = shape.exceeded {
            let importOnly = shape.importOnlySource(of: source)
            let partial = onThread(stackBytes: ScanLimits.stackBytes) {
                parseAndWalk(importOnly.text, lines: lines.mapping(importOnly.segments), mode: mode, reportsSyntaxErrors: false)
            }
            facts.imports = partial.imports
            facts.suppressions = partial.suppressions
            facts.problems = [tooComplex(exceeded.kind, at: lines.location(of: AbsolutePosition(utf8Offset: exceeded.offset)))]
            if facts.isNeedleGenerated { facts.generatedText = source }
            return facts
        }
        facts.declaresNothing = shape.skipsOnlyTrivia(of: source)
        if mode == .fast, let importOnly = importOnlyFacts(source, shape: shape, lines: lines) {
            facts.imports = importOnly.imports
            facts.suppressions = importOnly.suppressions
            facts.problems = importOnly.problems
            if facts.isNeedleGenerated { facts.generatedText = source }
            return facts
        }
        let isLarge = source.utf8.count > ScanLimits.serialParseBytes
        if isLarge { largeFileGate.wait() }
        defer { if isLarge { largeFileGate.signal() } }
        let scanned =
            shape.depth > inlineDepth
            ? onThread(stackBytes: ScanLimits.stackBytes) { parseAndWalk(source, lines: lines, mode: mode) }
            : parseAndWalk(source, lines: lines, mode: mode)
        facts.imports = scanned.imports
        facts.types = scanned.types
        facts.calls = scanned.calls
        facts.suppressions = scanned.suppressions
        facts.problems = scanned.problems
        facts.isNeedleGenerated = facts.isNeedleGenerated || scanned.isNeedleGenerated
        if facts.isNeedleGenerated { facts.generatedText = source }
        return facts
    }

    /// The import-only scan's facts when `shape` proves them equal to the full parse's, else nil.
    static func importOnlyFacts(_ source: String, shape: SourceShape, lines: LineTable) -> FileFacts? {
        guard shape.fullParseReason == nil, shape.depth <= inlineDepth, shape.skipsOnlyTrivia(of: source) else { return nil }
        let importOnly = shape.importOnlySource(of: source)
        let facts = parseAndWalk(importOnly.text, lines: lines.mapping(importOnly.segments), mode: .fast)
        guard !facts.problems.contains(where: { $0.kind != .malformedSuppression }) else { return nil }
        return facts
    }

    /// Whether `.fast` scans `source` with the import-only scan (for measurements and tests).
    public static func isImportOnly(source: String) -> Bool {
        if source.utf8.allSatisfy(isWhitespaceByte) { return false }
        let shape = SourceShape(source)
        return shape.exceeded == nil && importOnlyFacts(source, shape: shape, lines: LineTable(source)) != nil
    }

    /// Held while a file larger than `ScanLimits.serialParseBytes` is parsed.
    private static let largeFileGate = DispatchSemaphore(value: 1)

    /// Files no deeper than this (by `SourceShape.depth`; 99 % of real files are) are scanned on the calling
    /// thread. Measured in debug builds, one unit of depth takes at most ~11 KiB of stack (nested `#if` and string
    /// interpolations), so this stays within ~1.1 MiB (Dispatch's workers have 8 MiB on Linux; release builds
    /// need several times less).
    static let inlineDepth = 100

    /// Parses, walks and drops the tree, all on the calling thread (freeing a tree recurses too).
    /// - Parameter reportsSyntaxErrors: false for a blanked import-only copy, whose errors aren't the file's.
    static func parseAndWalk(_ source: String, lines: LineTable, mode: ScanMode, reportsSyntaxErrors: Bool = true) -> FileFacts {
        var facts = FileFacts(path: "")
        // The nesting bound is explicit: swift-syntax's default is 20 in debug builds and 256 in release builds.
        var text = source
        var tree = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: ScanLimits.maximumNesting) }
        // Swift 5 mode reads `@MainActor(Bool) -> Void` as a function type, Swift 6 mode as the attribute's
        // arguments: a file that reads clean only in Swift 5 mode is in a target still on it (novawallet, Session).
        if tree.hasError && !tree.hasMaximumNestingLevelOverflow {
            let swift5 = text.withUTF8 { buffer in
                var parser = Parser(buffer, maximumNestingLevel: ScanLimits.maximumNesting, swiftVersion: .v5)
                return SourceFileSyntax.parse(from: &parser)
            }
            if !swift5.hasError { tree = swift5 }
        }

        let collectsCalls = mode == .full || ByteSearch.contains(source, "parent") || ByteSearch.contains(source, "dependency")
        let visitor = FactsVisitor(lines: lines, collectsCalls: collectsCalls)
        visitor.walk(tree)
        facts.imports = visitor.imports
        facts.types = visitor.types
        facts.calls = visitor.calls
        facts.isNeedleGenerated = visitor.declaresNeedleDependenciesHash

        if tree.hasMaximumNestingLevelOverflow {
            // The parser stopped at its nesting bound (deep generic `<…>`): what precedes is read, nothing after.
            facts.problems = [tooComplex(.nesting, at: lines.location(of: overflowPosition(in: tree)))]
        } else if reportsSyntaxErrors {
            facts.problems = SyntaxProblems.of(tree, lines: lines)
        }
        if mode == .full || ByteSearch.contains(source, "archlint:") {
            let comments = SuppressionScanner.scan(tree, lines: lines)
            facts.suppressions = comments.suppressions
            facts.problems += comments.problems
        }
        return facts
    }

    /// Where the parser gave up: the first token it left unparsed.
    private static func overflowPosition(in tree: SourceFileSyntax) -> AbsolutePosition {
        var node = Syntax(tree)
        while let child = node.children(viewMode: .sourceAccurate).first(where: \.hasMaximumNestingLevelOverflow) {
            node = child
        }
        return node.positionAfterSkippingLeadingTrivia
    }

    private static func tooComplex(_ kind: ScanLimits.Kind, at location: (line: Int, column: Int)) -> FileProblem {
        FileProblem(message: kind.explanation, line: location.line, column: location.column, kind: .fileTooComplex)
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
