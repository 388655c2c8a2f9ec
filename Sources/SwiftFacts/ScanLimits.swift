/// The bounds a Swift file must stay within to be parsed in full (docs/limits.md, "Swift files"). swift-syntax's
/// parser, its diagnostics and archlint's walk recurse once per level of syntax, and the parser needs about a
/// hundred bytes of memory per source byte, so a hostile or generated file could otherwise crash the run (stack
/// overflow), exhaust memory or stall it. A file past a bound gets a `file-too-complex` problem and an
/// import-only scan (`SourceShape.importOnlySource(of:)`) instead.
public enum ScanLimits {
    /// Larger files are not parsed: the parser and the walk take ~110 bytes of memory per source byte (measured:
    /// 2 MiB → 250 MB, 7 MiB → 780 MB peak), so 4 MiB peaks near 450 MB.
    public static let maximumFileBytes = 4 << 20
    /// Files larger than this are parsed one at a time (others run alongside), so a run holds at most one large
    /// tree: peak memory stays near 450 MB plus ~110 MB per other core.
    public static let serialParseBytes = 1 << 20
    /// Open `(`, `[`, `{`, generic `<`, `#if` blocks and string interpolations at any one point; the parser gets
    /// the same bound (`Parser.parse(source:maximumNestingLevel:)`).
    public static let maximumNesting = 256
    /// Nested `#if` blocks: swift-syntax's parser takes time cubic in their depth (256 ≈ 3 s in a debug build).
    public static let maximumConditionalNesting = 32
    /// Nested string interpolations (`"\("\(…`): swift-syntax's diagnostics for unclosed ones take time quadratic
    /// in their depth, and past a few thousand the parser's memory explodes.
    public static let maximumInterpolationNesting = 32
    /// `[` tokens in a row (`[[[[…`): swift-syntax's lookahead for array types takes time exponential in this run
    /// (depth 24 ≈ 3 s, 27 ≈ 24 s). Real code rarely nests array literals or types more than 4 deep.
    public static let maximumBracketRun = 12
    /// `[` and `(` opened directly inside each other (`[[([[(…`): the same lookahead, reached through tuples and
    /// calls, is exponential too (measured in a debug build: `[[(` repeated to 28 brackets ≈ 7 s, 32 ≈ 40 s;
    /// 16 ≈ 0.1 s). Found by the fuzzing campaign.
    public static let maximumOpenerRun = 16
    /// A cheap upper bound on how deep the parser recurses: nesting plus, at each level, the tokens of the current
    /// statement (chains such as `() -> () -> …`, `else if … else if …`, `a.b.c…` and `!!…` recurse or nest
    /// once per link). Commas, semicolons and line breaks that start a new statement end a chain.
    public static let maximumDepth = 20_000
    /// Thread stack for parsing and walking a deep file: `maximumDepth` levels take at most ~220 MiB in debug
    /// builds (~11 KiB per level, measured), far less in release builds.
    /// Only the pages a file actually touches are committed.
    public static let stackBytes = 512 << 20

    /// Which bound a file exceeded.
    public enum Kind: Sendable, Equatable {
        case fileSize(bytes: Int)
        case nesting
        case conditionalNesting
        case interpolationNesting
        case bracketRun
        case openerRun
        case depth

        /// The sentence of the `file-too-complex` message that says what was exceeded.
        var explanation: String {
            switch self {
            case .fileSize(let bytes):
                "file is \(Self.megabytes(bytes)) MB, more than the \(Self.megabytes(maximumFileBytes)) MB archlint parses"
            case .nesting:
                "more than \(maximumNesting) nested brackets, braces, generic `<…>`, `#if` blocks or string interpolations"
            case .conditionalNesting:
                "more than \(maximumConditionalNesting) nested `#if` blocks"
            case .interpolationNesting:
                "more than \(maximumInterpolationNesting) nested string interpolations"
            case .bracketRun:
                "more than \(maximumBracketRun) `[` in a row (swift-syntax's parser takes time exponential in this)"
            case .openerRun:
                "more than \(maximumOpenerRun) `[` and `(` opened directly inside each other (swift-syntax's parser "
                    + "takes time exponential in this)"
            case .depth:
                "an expression or type chain more than \(maximumDepth) tokens deep"
            }
        }

        private static func megabytes(_ bytes: Int) -> String {
            let tenths = (bytes * 10 + (1 << 19)) >> 20
            return "\(tenths / 10).\(tenths % 10)"
        }
    }
}
