import ArchlintModel
import SyntaxSupport

/// One byte-level pass over a Swift file before the parser sees it: where (if anywhere) the file exceeds
/// `ScanLimits`, which parts of it the import-only scan keeps, and its member names (`MemberNames`). Knows comments (nested), string literals (raw,
/// multi-line, with interpolations) and `#if` directives, so brackets inside them don't count; it needs no
/// recursion and a few machine words per open level. Regex literals are read as code (an approximation: only the
/// depth estimate and the import-only scan of such a file can be off).
struct SourceShape {
    /// The first bound exceeded, and the byte offset where (the file size is reported at offset 0).
    var exceeded: (kind: ScanLimits.Kind, offset: Int)?
    /// Byte ranges of top-level `import` declarations and `#if`/`#elseif`/`#else`/`#endif` lines before the
    /// point where the pass stopped, without trailing comments.
    var keptRanges: [Range<Int>] = []
    /// The deepest point of the file by the `ScanLimits.maximumDepth` measure: how deep the parser may recurse.
    var depth = 0
    /// Why the import-only scan of this file might differ from a full parse; nil when it can't (see
    /// `FullParseReason`): the file has no `FactWords` in code and every import and `#if` line is kept whole.
    var fullParseReason: FullParseReason?
    /// Like `fullParseReason`, but blind to `FactWords`: nil when the import-only scan reads this file's imports
    /// and `archlint:` comments exactly as a full parse would, whatever else the file declares.
    var importsReason: FullParseReason?
    /// With a `ScanDemand`: whether an identifier in code holds one of its words (the file must be parsed).
    var demandMatched = false
    /// With a `ScanDemand` the file doesn't match: the names its declarations' headers hold.
    var declarationNames = DeclarationNames()
    /// The names declared in extensions and written after a `.`, whatever the demand (`FileFacts.memberNames`).
    var memberNames = MemberNames()

    init(_ source: String, demand: ScanDemand? = nil) {
        var source = source
        source.withUTF8 { bytes in
            if bytes.count > ScanLimits.maximumFileBytes { exceeded = (.fileSize(bytes: bytes.count), 0) }
            var pass = Pass(bytes: bytes, demand: demand)
            pass.run()
            keptRanges = pass.kept
            depth = pass.deepest
            fullParseReason = pass.fullParseReason
            importsReason = pass.importsReason
            demandMatched = pass.demandMatched
            memberNames = pass.memberNames.memberNames(of: bytes)
            if demand != nil, !pass.demandMatched {
                declarationNames = DeclarationNames(
                    declared: Self.ordered(pass.declared), declaredProtocols: Self.ordered(pass.declaredProtocols),
                    declaredWithHeader: Self.ordered(pass.declaredWithHeader), extended: Self.ordered(pass.extended),
                    extendedWithHeader: Self.ordered(pass.extendedWithHeader),
                    referencedByClasses: Self.ordered(pass.referencedByClasses),
                    referencedByProtocols: Self.ordered(pass.referencedByProtocols),
                    referencedByOthers: Self.ordered(pass.referencedByOthers))
            }
            if exceeded == nil, let stop = pass.stop { exceeded = stop }
        }
    }

    private static func ordered(_ keys: Set<NameKey>) -> [NameKey] {
        keys.sorted { $0.value < $1.value }
    }

    /// The kept ranges, each followed by a line break, and where each starts in the file (for
    /// `LineTable.mapping`): the parser sees only the imports, their `#if` lines and `archlint:` comments, however
    /// large the file (swift-syntax lexes even whitespace slowly in debug builds).
    func importOnlySource(of source: String) -> (text: String, segments: [LineTable.Segment]) {
        var source = source
        var segments: [LineTable.Segment] = []
        let text = source.withUTF8 { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(keptRanges.reduce(0) { $0 + $1.count + 1 })
            for range in keptRanges {
                segments.append(LineTable.Segment(start: output.count, originalStart: range.lowerBound))
                output.append(contentsOf: bytes[range])
                output.append(Byte.newline)
            }
            return String(decoding: output, as: UTF8.self)
        }
        return (text, segments)
    }

    /// Whether every byte outside `keptRanges` is whitespace or a comment. Only then does the import-only scan
    /// see all of the file's code, so a syntax error anywhere is one the full parse would report too.
    func skipsOnlyTrivia(of source: String) -> Bool {
        var source = source
        return source.withUTF8 { bytes in
            var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            var kept = keptRanges.makeIterator()
            var nextKept = kept.next()
            while index < bytes.count {
                if let range = nextKept, index >= range.lowerBound {
                    index = max(index, range.upperBound)
                    nextKept = kept.next()
                    continue
                }
                let byte = bytes[index]
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                switch byte {
                case Byte.space, Byte.tab, Byte.newline, Byte.carriageReturn, 0x0B, 0x0C:
                    index += 1
                case Byte.slash where next == Byte.slash:
                    index = ByteLexer(bytes).lineCommentEnd(from: index)
                case Byte.slash where next == Byte.star:
                    guard let end = ByteLexer(bytes).blockCommentEnd(from: index) else { return false }
                    index = end
                default:
                    return false
                }
            }
            return true
        }
    }
}

/// Why `SourceShape` can't prove that the import-only scan of a file equals its full parse. The pass is
/// conservative: anything it can't read exactly sends the file to the parser.
enum FullParseReason: String, Sendable {
    /// A `FactWords` word in code: the file may declare a type, wire a component or be needle's output.
    case factWord = "a word facts are made of"
    /// An `import` the import-only scan doesn't keep whole: inside brackets, after other code on its line, after
    /// a line that isn't kept (an attribute on a line of its own), or continued on the next line.
    case importNotKept = "an import not on a line of its own"
    /// An `#if`-family directive at top level that isn't at the start of its line, or a condition that
    /// continues on the next line.
    case directiveNotKept = "an #if line not kept whole"
    /// Something after a kept line's end on the same line (`import A; let b = 1`, `import A /* … */ .B`).
    case codeAfterKeptLine = "code after an import on its line"
    /// A closer without its opener, an opener never closed, a misplaced `#else`/`#endif`.
    case unbalanced = "unbalanced brackets or #if blocks"
    /// A string literal, block comment or backticked name not closed.
    case unterminated = "an unterminated literal or comment"
    /// A `/` in code: it may start a regex literal, whose contents the pass doesn't read.
    case possibleRegex = "a possible regex literal"
    /// `#sourceLocation`, an editor placeholder or a block comment holding `archlint:`.
    case unusual = "a construct the pass doesn't read"
    /// The file ends inside a declaration's header, a top-level function before its body, after a token that
    /// continues the line (an operator, `:`) or after modifiers and attributes declaring nothing yet: cut off,
    /// as a truncated file is.
    case unfinished = "a declaration or expression cut off at the end"
}

private enum Byte {
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")
    static let slash = UInt8(ascii: "/")
    static let star = UInt8(ascii: "*")
    static let quote = UInt8(ascii: "\"")
    static let hash = UInt8(ascii: "#")
    static let backslash = UInt8(ascii: "\\")
    static let backtick = UInt8(ascii: "`")
    static let openParen = UInt8(ascii: "(")
    static let closeParen = UInt8(ascii: ")")
    static let openSquare = UInt8(ascii: "[")
    static let closeSquare = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
    static let comma = UInt8(ascii: ",")
    static let semicolon = UInt8(ascii: ";")
    static let colon = UInt8(ascii: ":")
    static let at = UInt8(ascii: "@")
    static let period = UInt8(ascii: ".")

    static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"),
            UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"),
            UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }
}

/// The state machine of `SourceShape`.
private struct Pass {
    let bytes: UnsafeBufferPointer<UInt8>
    private let lexer: ByteLexer
    var index = 0
    var stop: (kind: ScanLimits.Kind, offset: Int)?
    var kept: [Range<Int>] = []
    private(set) var deepest = 0

    private enum LevelKind { case paren, square, brace, angle, ifConfig, interpolation }
    private struct Level {
        var kind: LevelKind
        /// The enclosing level's chain and base, restored when this level closes.
        var savedChain: Int
        var savedBase: Int
        /// For `.interpolation`: the string literal to resume.
        var string: ByteLexer.StringDelimiter
        /// A `.brace` that opens a type's or an `extension`'s body.
        var memberBody: MemberBody?
    }

    private var levels: [Level] = []
    /// Tokens of the current statement at this level, and the depth of the level itself.
    private var chain = 0
    private var base = 0
    private var bracketRun = 0
    /// `[` and `(` opened directly inside each other, and whether a `[` is among them (a run of `(` alone is
    /// parsed in linear time).
    private var openerRun = 0
    private var openerRunHasSquare = false
    /// Open `(`, `[`, `{`, `<` (not `#if` blocks or interpolations): top-level import lines have none.
    private var bracketDepth = 0
    private var conditionalDepth = 0
    private var interpolationDepth = 0
    private var afterNewline = true
    private var previousContinues = false
    /// The start of the current line while it can still be the prefix of an import (`@testable public import`).
    private var importLineStart: Int? = 0
    /// Set while inside a kept line: where it started.
    private var keptStart: Int?
    /// The first reason the import-only scan might differ from a full parse.
    private(set) var fullParseReason: FullParseReason?
    /// Whether the last token read belongs to a kept line (true before the first token).
    private var previousTokenKept = true
    /// Whether the current line follows a kept line or starts the file (no unkept token in between).
    private var lineFollowsKept = true
    /// A kept line ended before its line did (`;`, a block comment): any token after it on the line is code the
    /// import-only scan would not see next to it.
    private var keptLineCut = false
    /// The first reason other than `.factWord`.
    private(set) var importsReason: FullParseReason?

    // Skimming for a `ScanDemand` (only while `skims`): whether a word matched, and the names in declaration
    // headers (`class Name<T>: Base where T: P {`).
    private let demandNames: [[UInt8]]
    private let demandParts: [[UInt8]]
    private let skims: Bool
    private(set) var demandMatched = false
    private(set) var declared: Set<NameKey> = []
    private(set) var declaredProtocols: Set<NameKey> = []
    private(set) var declaredWithHeader: Set<NameKey> = []
    private(set) var extended: Set<NameKey> = []
    private(set) var extendedWithHeader: Set<NameKey> = []
    /// The names of the header being read.
    private var headerNames: [NameKey] = []
    private(set) var referencedByClasses: Set<NameKey> = []
    private(set) var referencedByProtocols: Set<NameKey> = []
    private(set) var referencedByOthers: Set<NameKey> = []
    private enum Header { case none, name, rest }
    private var header = Header.none
    /// The header is a type's (`class`…`extension`), not a top-level function's; of which kind.
    private var typeHeader = false
    private enum HeaderKind { case `class`, `protocol`, `extension`, other }
    private var headerKind = HeaderKind.other
    private static let headerPunctuation: Set<UInt8> = Set(".<>&?!=~,:()[]{};".utf8)
    private static let memberIntroducers: [StaticString] = ["func", "var", "let", "subscript", "typealias", "init"]
    /// The last token was a modifier or an attribute, or a word after those that declares nothing yet.
    private var danglingDeclaration = false

    // Member names (`MemberNames`), read whatever the demand.
    private(set) var memberNames = MemberNameTable()
    enum MemberBody { case type, `extension` }
    /// Right after `var`, `let` or `func` directly in a type's or an extension's body: where that word ends, whether
    /// `static` or `class` came before it, and which body.
    private var memberIntroducer: (end: Int, isStatic: Bool, body: MemberBody)?
    /// `static` or `class` read directly in a type's or an extension's body, then only modifiers and attributes.
    private var staticModifier = false

    init(bytes: UnsafeBufferPointer<UInt8>, demand: ScanDemand? = nil) {
        self.bytes = bytes
        lexer = ByteLexer(bytes)
        skims = demand.map { !$0.isEverything } ?? false
        demandNames = demand.map { $0.names.map { Array($0.utf8) } } ?? []
        demandParts = demand.map { $0.nameParts.map { Array($0.utf8) } } ?? []
    }

    mutating func run() {
        let count = bytes.count
        // A byte order mark is trivia to the parser, not part of the first word.
        if count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < count, stop == nil {
            let byte = bytes[index]
            switch byte {
            case Byte.newline, Byte.carriageReturn:
                endLine()
                index += 1
            case Byte.space, Byte.tab, 0x0B, 0x0C:
                index += 1
            case Byte.slash where peek(1) == Byte.slash:
                endKeptLine()
                skipLineComment()
            case Byte.slash where peek(1) == Byte.star:
                cutKept()
                skipBlockComment()
            case Byte.quote:
                token(continues: false)
                scanString(openingAt: index, hashes: 0)
            case Byte.hash:
                scanPound()
            case Byte.openParen, Byte.openSquare, Byte.openBrace:
                let opensBody = byte == Byte.openBrace && header != .none && typeHeader
                let body: MemberBody? = opensBody ? (headerKind == .extension ? .extension : .type) : nil
                skimPunctuation(byte)
                open(byte == Byte.openParen ? .paren : byte == Byte.openSquare ? .square : .brace)
                if body != nil, !levels.isEmpty { levels[levels.count - 1].memberBody = body }
            case Byte.closeParen, Byte.closeSquare, Byte.closeBrace:
                skimPunctuation(byte)
                close()
            case Byte.comma, Byte.semicolon:
                skimPunctuation(byte)
                if byte == Byte.semicolon {
                    cutKept()
                    closeAngles()
                }
                importLineStart = nil
                resetRuns()
                chain = 0
                previousContinues = false
                index += 1
            case Byte.backtick:
                token(continues: false)
                index += 1
                let nameStart = index
                while index < count, bytes[index] != Byte.backtick, bytes[index] != Byte.newline { index += 1 }
                if FactWords.contains(bytes, nameStart..<index) { requireFullParse(.factWord) }
                skim(nameStart..<index)
                if matches(nameStart, "import") && index - nameStart == 6 { requireFullParse(.importNotKept) }
                if index < count, bytes[index] == Byte.backtick { index += 1 } else { requireFullParse(.unterminated) }
            case Byte.at:
                // An attribute: part of an import line's prefix.
                token(continues: true, keepsImportLine: true, isAttribute: true)
                index += 1
            case Byte.colon:
                skimPunctuation(byte)
                token(continues: true)
                index += 1
            case _ where ByteLexer.isIdentifier(byte):
                scanWord()
            case _ where Byte.isOperator(byte):
                scanOperator()
            default:
                skimPunctuation(byte)
                token(continues: false)
                index += 1
            }
        }
        // A line cut off by a bound is not kept: the import-only scan must stay within the bounds.
        if stop == nil { endKeptLine() }
        if header != .none || previousContinues || danglingDeclaration { requireFullParse(.unfinished) }
        closeAngles()
        if !levels.isEmpty { requireFullParse(.unbalanced) }
    }

    private mutating func requireFullParse(_ reason: FullParseReason) {
        if fullParseReason == nil { fullParseReason = reason }
        if reason != .factWord, importsReason == nil { importsReason = reason }
    }

    // MARK: Skimming

    private static let declarationKeywords: [StaticString] = ["class", "struct", "enum", "protocol", "actor", "extension"]

    /// An identifier in code (not in a kept line): checked against the demand's words, and recorded when it is
    /// part of a declaration's header.
    private mutating func skim(_ range: Range<Int>) {
        guard keptStart == nil else { return }
        if Self.declarationKeywords.contains(where: { range.count == $0.utf8CodeUnitCount && matches(range.lowerBound, $0) }) {
            header = .name
            typeHeader = true
            headerKind = range.count == 5 && matches(range.lowerBound, "class") ? .class
                : range.count == 8 && matches(range.lowerBound, "protocol") ? .protocol
                : range.count == 9 && matches(range.lowerBound, "extension") ? .extension : .other
            headerNames = []
            return
        }
        // `class func`, `class var`: a modifier, not a class.
        if header == .name, Self.memberIntroducers.contains(where: { range.count == $0.utf8CodeUnitCount && matches(range.lowerBound, $0) }) {
            header = .none
            return
        }
        // A top-level function needs its body: its header lasts to the `{` too.
        if header == .none, bracketDepth == 0, range.count == 4, matches(range.lowerBound, "func") {
            header = .rest
            typeHeader = false
            return
        }
        guard skims, !demandMatched else { return }
        if matchesDemand(range) {
            demandMatched = true
            return
        }
        guard typeHeader else { return }
        switch header {
        case .none: return
        case .name:
            let name = NameKey(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
            headerNames.append(name)
            switch headerKind {
            case .extension: extended.insert(name)
            case .protocol: declared.insert(name); declaredProtocols.insert(name)
            case .class, .other: declared.insert(name)
            }
        case .rest:
            let name = NameKey(bytes: UnsafeBufferPointer(rebasing: bytes[range]))
            switch headerKind {
            case .class: referencedByClasses.insert(name)
            case .protocol: referencedByProtocols.insert(name)
            case .extension, .other: referencedByOthers.insert(name)
            }
            // This header says more than a name: what a lookup of its name would read.
            if headerKind == .extension { extendedWithHeader.formUnion(headerNames) } else { declaredWithHeader.formUnion(headerNames) }
        }
    }

    /// The header's name part ends at `:`, `<`, `(` or `where`; the header at `{`, `}` or `;`.
    private mutating func skimPunctuation(_ byte: UInt8) {
        guard header != .none else { return }
        // A type's header holds names, generic clauses and constraints; anything else there is broken code.
        if typeHeader, !Self.headerPunctuation.contains(byte) { requireFullParse(.unusual) }
        switch byte {
        case Byte.openBrace, Byte.closeBrace, Byte.semicolon: header = .none
        case Byte.period: break
        default: header = .rest
        }
    }

    private func matchesDemand(_ range: Range<Int>) -> Bool {
        for name in demandNames where name.count == range.count {
            if name.indices.allSatisfy({ bytes[range.lowerBound + $0] == name[$0] }) { return true }
        }
        for part in demandParts where part.count <= range.count {
            let first = part[0]
            var start = range.lowerBound
            while start + part.count <= range.upperBound {
                if bytes[start] == first, part.indices.allSatisfy({ bytes[start + $0] == part[$0] }) { return true }
                start += 1
            }
        }
        return false
    }

    private func peek(_ offset: Int) -> UInt8? {
        lexer.byte(at: index + offset)
    }

    // MARK: Tokens and levels

    /// Counts one token of the current statement. A token on a new line starts a new statement unless it
    /// continues the previous line's expression (an operator, `.`, `:`, `else`) or that line ended in one.
    private mutating func token(
        continues: Bool, keepsImportLine: Bool = false, isBracket: Bool = false, isAttribute: Bool = false
    ) {
        if keptLineCut { requireFullParse(.codeAfterKeptLine) }
        danglingDeclaration = false
        // `import A` then `.B` (or `#if A` then `|| B`) on the next line: one declaration over two lines.
        if afterNewline && continues && !isAttribute && lineFollowsKept {
            requireFullParse(.importNotKept)
        }
        previousTokenKept = keptStart != nil
        if afterNewline && !continues && !previousContinues {
            closeAngles()
            chain = 0
        }
        afterNewline = false
        previousContinues = continues
        if !isBracket { resetRuns() }
        if !keepsImportLine { importLineStart = nil }
        chain += 1
        deepest = max(deepest, base + chain)
        check(base + chain > ScanLimits.maximumDepth, .depth)
    }

    private mutating func open(_ kind: LevelKind) {
        if kind == .square {
            bracketRun += 1
            check(bracketRun > ScanLimits.maximumBracketRun, .bracketRun)
        } else {
            bracketRun = 0
        }
        if kind == .square || kind == .paren {
            openerRun += 1
            openerRunHasSquare = openerRunHasSquare || kind == .square
            check(openerRun > ScanLimits.maximumOpenerRun && openerRunHasSquare, .openerRun)
        }
        // `@_spi(Name) import X`: the attribute's parentheses belong to the import line.
        token(
            continues: false, keepsImportLine: kind == .paren && importLineStart != nil,
            isBracket: kind == .square || kind == .paren)
        if kind == .brace { closeAngles() }
        push(kind, string: ByteLexer.StringDelimiter(hashes: 0, multiline: false))
        index += 1
    }

    private mutating func push(_ kind: LevelKind, string: ByteLexer.StringDelimiter) {
        levels.append(Level(kind: kind, savedChain: chain, savedBase: base, string: string))
        base += chain + 1
        chain = 0
        switch kind {
        case .ifConfig: conditionalDepth += 1
        case .interpolation: interpolationDepth += 1
        default: bracketDepth += 1
        }
        check(levels.count > ScanLimits.maximumNesting, .nesting)
        check(conditionalDepth > ScanLimits.maximumConditionalNesting, .conditionalNesting)
        check(interpolationDepth > ScanLimits.maximumInterpolationNesting, .interpolationNesting)
    }

    @discardableResult
    private mutating func pop() -> Level? {
        guard let level = levels.popLast() else { return nil }
        chain = level.savedChain
        base = level.savedBase
        switch level.kind {
        case .ifConfig: conditionalDepth -= 1
        case .interpolation: interpolationDepth -= 1
        default: bracketDepth -= 1
        }
        return level
    }

    private mutating func close() {
        index += 1
        resetRuns()
        previousContinues = false
        afterNewline = false
        // Unbalanced closers (broken code) close the innermost bracket; `#if` blocks close only at `#endif`.
        closeAngles()
        guard let top = levels.last, top.kind != .ifConfig else {
            requireFullParse(.unbalanced)
            return
        }
        let closer = bytes[index - 1]
        let matching: Bool
        switch top.kind {
        case .paren, .interpolation: matching = closer == Byte.closeParen
        case .square: matching = closer == Byte.closeSquare
        case .brace: matching = closer == Byte.closeBrace
        case .angle, .ifConfig: matching = false
        }
        if !matching { requireFullParse(.unbalanced) }
        if top.kind == .interpolation {
            guard bytes[index - 1] == Byte.closeParen, let level = pop() else { return }
            scanString(from: index, level.string)
            return
        }
        pop()
    }

    /// A `<` read as a generic's opener that no `>` closed was a comparison (`i<n`): it ends with the
    /// statement, and at anything generic arguments can't hold.
    private mutating func closeAngles() {
        while levels.last?.kind == .angle { pop() }
    }

    private mutating func resetRuns() {
        bracketRun = 0
        openerRun = 0
        openerRunHasSquare = false
    }

    private mutating func check(_ exceeded: Bool, _ kind: ScanLimits.Kind) {
        if exceeded && stop == nil { stop = (kind, index) }
    }

    /// An operator run. Each character counts: `a!!!…` and `a?.b?.c` nest one level per `!` or `?`. A lone `<`
    /// right after a name (`Array<`) opens a generic level and each `>` closes one; `=`, `&&` and `||` can't be
    /// in generic arguments, so they close open `<` levels (`i<n && …`).
    private mutating func scanOperator() {
        let start = index
        while index < bytes.count, Byte.isOperator(bytes[index]) {
            if bytes[index] == Byte.slash, peek(1) == Byte.slash || peek(1) == Byte.star { break }
            skimPunctuation(bytes[index])
            if bytes[index] == Byte.slash { requireFullParse(.possibleRegex) }
            index += 1
        }
        let end = index
        index = start
        let opensGeneric = end - start == 1 && bytes[start] == UInt8(ascii: "<") && start > 0 && ByteLexer.isIdentifier(bytes[start - 1])
        if opensGeneric {
            token(continues: true)
            push(.angle, string: ByteLexer.StringDelimiter(hashes: 0, multiline: false))
            index = end
            return
        }
        let endsGenerics = (start..<end).contains {
            bytes[$0] == UInt8(ascii: "=") || bytes[$0] == UInt8(ascii: "&") || bytes[$0] == UInt8(ascii: "|")
        }
        if endsGenerics { closeAngles() }
        while index < end {
            if bytes[index] == UInt8(ascii: ">"), index == start || bytes[index - 1] != UInt8(ascii: "-"),
                levels.last?.kind == .angle
            {
                pop()
            }
            token(continues: true)
            index += 1
        }
    }

    // MARK: Words and directives

    private mutating func scanWord() {
        let start = index
        while index < bytes.count, ByteLexer.isIdentifier(bytes[index]) { index += 1 }
        let keywordLike = Self.mayBeKeyword(bytes, start..<index)
        readMemberName(start..<index, keywordLike: keywordLike)
        let isImport = index - start == 6 && matches(start, "import")
        let continues = isWord(start, "else") || isWord(start, "as") || isWord(start, "is")
        // In a kept line the words are an import's kind (`import struct A.B`) or a condition's.
        if fullParseReason == nil, keptStart == nil, FactWords.contains(bytes, start..<index) { requireFullParse(.factWord) }
        // Non-ASCII in code: the parser may split the word where this pass doesn't (`\u{A0}import`).
        if importsReason == nil, (start..<index).contains(where: { bytes[$0] >= 0x80 }) { requireFullParse(.unusual) }
        if isWord(start, "where") { skimPunctuation(Byte.colon) } else { skim(start..<index) }
        if isImport, bracketDepth == 0, let lineStart = importLineStart {
            if !lineFollowsKept { requireFullParse(.importNotKept) }
            token(continues: false, keepsImportLine: true)
            keptStart = lineStart
            previousTokenKept = true
            importLineStart = nil
            return
        }
        if isImport { requireFullParse(.importNotKept) }
        let dangles = danglesDeclaration(start, keywordLike: keywordLike)
        token(continues: continues, keepsImportLine: true)
        danglingDeclaration = dangles
    }

    /// A name right after a single `.` is used as a member: of a value after a name (`self.x`, `$0.x`), a closer,
    /// `?`/`!` or a key path's `\` or root (`\.x`, `\Root.x`), also at the start of a line continuing an
    /// expression (`.padding()`); of a type after a capitalised name (`UUID.x`, `Self.x`) or `>`, and where no
    /// expression precedes it (`.noop`, `case .timed`, `return .x`). One after `var`, `let` or `func` (and only
    /// whitespace) directly in a type's or an extension's body (an `#if` block in it included) is declared there,
    /// static after `static` or `class`. Names that don't start with a lowercase ASCII letter or `_` are neither (types, tuple
    /// indices, `$0`).
    private mutating func readMemberName(_ range: Range<Int>, keywordLike: Bool) {
        let introducer = memberIntroducer
        memberIntroducer = nil
        guard keptStart == nil else { return }
        let first = bytes[range.lowerBound]
        let isMemberName = (first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z")) || first == UInt8(ascii: "_")
        let start = range.lowerBound
        if isMemberName, start >= 1, bytes[start - 1] == Byte.period, start < 2 || bytes[start - 2] != Byte.period {
            let role: MemberNameTable.Roles = isMemberOfType(period: start - 1) ? .usedOnType
                : isInKeyPath(period: start - 1) ? .inKeyPath : .usedOnValue
            memberNames.insert(range, of: bytes, role)
        }
        if let introducer {
            if isMemberName, (introducer.end..<start).allSatisfy({ Self.isWhitespace(bytes[$0]) }) {
                let role: MemberNameTable.Roles = switch (introducer.body, introducer.isStatic) {
                case (.type, _): .declaredInType
                case (.extension, true): .staticInExtension
                case (.extension, false): .declaredInExtension
                }
                memberNames.insert(range, of: bytes, role)
            }
            return
        }
        guard let body = levels.last(where: { $0.kind != .ifConfig && $0.kind != .angle })?.memberBody else { return }
        if !keywordLike {
            staticModifier = staticModifier && start > 0 && bytes[start - 1] == Byte.at
        } else if isWord(start, "var") || isWord(start, "let") || isWord(start, "func") {
            memberIntroducer = (range.upperBound, staticModifier, body)
            staticModifier = false
        } else if isWord(start, "static") || isWord(start, "class") {
            staticModifier = true
        } else if !Self.modifiers.contains(where: { isWord(start, $0) }), start == 0 || bytes[start - 1] != Byte.at {
            staticModifier = false
        }
    }

    private static let keywordsBeforeExpressions: [StaticString] = [
        "return", "case", "in", "try", "await", "throw", "is", "as", "where", "if", "guard", "else", "switch", "yield",
    ]

    /// Whether the `.` at `period` is in a key path: a chain of names and dots back to a `\` (`\.build.number`,
    /// `\Root.x`).
    private func isInKeyPath(period: Int) -> Bool {
        var before = period - 1
        while before >= 0, ByteLexer.isIdentifier(bytes[before]) || bytes[before] == Byte.period
            || bytes[before] == UInt8(ascii: "?") || bytes[before] == UInt8(ascii: "!") {
            before -= 1
        }
        return before >= 0 && bytes[before] == Byte.backslash
    }

    /// Whether the `.` at `period` starts a member of a type (or an implicit member) rather than of a value.
    private func isMemberOfType(period: Int) -> Bool {
        var before = period - 1
        while before >= 0, Self.isWhitespace(bytes[before]) { before -= 1 }
        guard before >= 0 else { return true }
        let spaced = before < period - 1
        let byte = bytes[before]
        if ByteLexer.isIdentifier(byte) {
            var wordStart = before
            while wordStart > 0, ByteLexer.isIdentifier(bytes[wordStart - 1]) { wordStart -= 1 }
            let word = wordStart..<(before + 1)
            if spaced, Self.keywordsBeforeExpressions.contains(where: { word.count == $0.utf8CodeUnitCount && matches(wordStart, $0) }) {
                return true
            }
            let isCapitalised = bytes[wordStart] >= UInt8(ascii: "A") && bytes[wordStart] <= UInt8(ascii: "Z")
            return isCapitalised && (wordStart == 0 || bytes[wordStart - 1] != Byte.backslash)
        }
        switch byte {
        case Byte.closeParen, Byte.closeSquare, Byte.closeBrace, Byte.quote: return false
        case Byte.backslash: return false
        case UInt8(ascii: "?"), UInt8(ascii: "!"): return spaced
        default: return true
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == Byte.space || byte == Byte.tab || byte == Byte.newline || byte == Byte.carriageReturn
    }

    private static let modifiers: [StaticString] = [
        "public", "private", "fileprivate", "internal", "package", "open", "final", "static", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "dynamic", "required", "convenience", "indirect",
        "nonisolated", "distributed", "consuming", "borrowing",
    ]
    /// Per length, a bit per lowercase first letter of the keywords the pass compares words with (`modifiers`,
    /// `introducers`, `keywordsBeforeExpressions`, `var`, `import`, `where`…): a word whose length and first letter
    /// match none is compared with none.
    private static let keywordShapes: [UInt32] = {
        var shapes = [UInt32](repeating: 0, count: 32)
        let others: [StaticString] = ["var", "let", "func", "static", "class", "import", "else", "as", "is", "where"]
        for word in modifiers + introducers + keywordsBeforeExpressions + others {
            word.withUTF8Buffer { shapes[$0.count] |= 1 << UInt32($0[0] - UInt8(ascii: "a")) }
        }
        return shapes
    }()

    static func mayBeKeyword(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let first = bytes[range.lowerBound]
        guard range.count < keywordShapes.count, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else { return false }
        return keywordShapes[range.count] & (1 << UInt32(first - UInt8(ascii: "a"))) != 0
    }

    private static let introducers: [StaticString] = [
        "class", "struct", "enum", "protocol", "actor", "extension", "func", "var", "let", "typealias", "init",
        "deinit", "subscript", "case", "macro", "operator", "precedencegroup", "associatedtype", "import",
    ]

    /// Whether the word just read leaves a declaration waiting for what it declares: a modifier, an
    /// attribute's name, or a word after those that doesn't introduce a declaration (`public s`).
    private func danglesDeclaration(_ start: Int, keywordLike: Bool) -> Bool {
        let range = start..<index
        func isAny(_ words: [StaticString]) -> Bool {
            keywordLike && words.contains { range.count == $0.utf8CodeUnitCount && matches(start, $0) }
        }
        if isAny(Self.modifiers) || (start > 0 && bytes[start - 1] == Byte.at) { return true }
        return danglingDeclaration && !isAny(Self.introducers)
    }

    private func isWord(_ start: Int, _ word: StaticString) -> Bool {
        index - start == word.utf8CodeUnitCount && matches(start, word)
    }

    private func matches(_ start: Int, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard start + count <= bytes.count else { return false }
        return word.withUTF8Buffer { pattern in
            for offset in 0..<count where bytes[start + offset] != pattern[offset] { return false }
            return true
        }
    }

    /// `#if`-family directives, raw strings (`#"…"#`) and other `#` words (`#selector`, `#available`).
    private mutating func scanPound() {
        let start = index
        var hashes = 0
        while index < bytes.count, bytes[index] == Byte.hash {
            hashes += 1
            index += 1
        }
        if index < bytes.count, bytes[index] == Byte.quote {
            token(continues: false)
            scanString(openingAt: index, hashes: hashes)
            return
        }
        if index < bytes.count, bytes[index] == Byte.slash { requireFullParse(.possibleRegex) }
        if start > 0, bytes[start - 1] == UInt8(ascii: "<") { requireFullParse(.unusual) }
        let wordStart = index
        while index < bytes.count, ByteLexer.isIdentifier(bytes[index]) { index += 1 }
        guard hashes == 1 else {
            token(continues: false)
            return
        }
        let lineStart = importLineStart
        let isDirective = isWord(wordStart, "if") || isWord(wordStart, "elseif") || isWord(wordStart, "else")
            || isWord(wordStart, "endif")
        if isDirective { closeAngles() }
        if isWord(wordStart, "if") {
            token(continues: false)
            index = wordStart - 1
            push(.ifConfig, string: ByteLexer.StringDelimiter(hashes: 0, multiline: false))
            index = wordStart + 2
        } else if isWord(wordStart, "elseif") || isWord(wordStart, "else") {
            if levels.last?.kind == .ifConfig { chain = 0 } else { requireFullParse(.unbalanced) }
            token(continues: false)
        } else if isWord(wordStart, "endif") {
            if levels.last?.kind == .ifConfig { pop() } else { requireFullParse(.unbalanced) }
            token(continues: false)
        } else {
            if isWord(wordStart, "sourceLocation") { requireFullParse(.unusual) }
            token(continues: false)
            return
        }
        // A directive at the start of a top-level line is kept for the import-only scan.
        if bracketDepth == 0, let lineStart, lineStart <= start, isBlank(lineStart..<start) {
            keptStart = lineStart
            previousTokenKept = true
        } else if bracketDepth == 0 {
            requireFullParse(.directiveNotKept)
        }
    }

    private func isBlank(_ range: Range<Int>) -> Bool {
        range.allSatisfy { bytes[$0] == Byte.space || bytes[$0] == Byte.tab }
    }

    // MARK: Lines and comments

    private mutating func endLine() {
        endKeptLine()
        keptLineCut = false
        lineFollowsKept = previousTokenKept
        afterNewline = true
        importLineStart = bracketDepth == 0 ? index + 1 : nil
    }

    private mutating func endKept() {
        if let start = keptStart {
            kept.append(start..<index)
            keptStart = nil
        }
    }

    /// Ends a kept line at its line's end (or a `//` comment): it must be whole there, not open a bracket or
    /// end in an operator that continues it on the next line.
    private mutating func endKeptLine() {
        if keptStart != nil {
            closeAngles()
            if bracketDepth > 0 || previousContinues { requireFullParse(.importNotKept) }
        }
        endKept()
    }

    /// Ends a kept line before its line's end (`;`, a block comment).
    private mutating func cutKept() {
        if keptStart != nil { keptLineCut = true }
        endKept()
    }

    /// Skips a `//` comment; one holding `archlint:` is kept, so suppressions still apply to an import-only scan.
    private mutating func skipLineComment() {
        let start = index
        index = lexer.lineCommentEnd(from: start)
        if mentionsArchlint(start..<index) { kept.append(start..<index) }
    }

    private mutating func skipBlockComment() {
        let end = lexer.blockCommentEnd(from: index)
        if mentionsArchlint(index..<(end ?? bytes.count)) { requireFullParse(.unusual) }
        if end == nil { requireFullParse(.unterminated) }
        index = end ?? bytes.count
    }

    private func mentionsArchlint(_ range: Range<Int>) -> Bool {
        range.contains { bytes[$0] == UInt8(ascii: "a") && matches($0, "archlint:") }
    }

    // MARK: Strings

    /// Scans a string literal from its opening quote to its end, or into an interpolation.
    private mutating func scanString(openingAt quote: Int, hashes: Int) {
        let (delimiter, body) = lexer.openString(quote: quote, hashes: hashes)
        scanString(from: body, delimiter)
    }

    /// Scans a string literal's body to its end, or into an interpolation, which opens a level and returns to code.
    private mutating func scanString(from start: Int, _ delimiter: ByteLexer.StringDelimiter) {
        switch lexer.stringEnd(from: start, delimiter) {
        case .closed(let next):
            index = next
        case .interpolation(let backslash, let code):
            index = backslash  // where a bound exceeded here is reported
            push(.interpolation, string: delimiter)
            index = code
            afterNewline = false
            previousContinues = false
        case .unterminated(let end):
            index = end
            requireFullParse(.unterminated)
        }
    }
}
