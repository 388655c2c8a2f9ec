import SyntaxSupport

/// Bounds how deeply a manifest nests before swift-syntax sees it: brackets (`(`, `[`, `{`, a generic `<`),
/// string interpolations and `#if` blocks, and runs of `[`/`(` opened directly inside each other (swift-syntax's
/// lookahead takes exponential time on `[[[[…` and `([([…`). Whatever lies deeper than a budget is cut out, from
/// the opener that goes too deep to its closer: `[[[…]]]` keeps its outer levels and an empty innermost one.
/// The result's `map` locates positions in it at the original lines and columns.
///
/// It reads comments and string literals (raw and multi-line ones too) with `ByteLexer`, so that brackets in them
/// don't count, and follows interpolations back into code.
struct NestingLimiter {
    struct Result {
        var source: String
        var map: LineTable
        /// Where the first too-deep opener was, which budget it exceeded, and the line where the last cut ends.
        var firstTooDeep: (line: Int, column: Int)?
        var reason = ""
        var lastCutLine = 0
    }

    private enum Frame: Equatable {
        /// `run`: how many `[`/`(` this one closes a run of (opened directly inside each other).
        case bracket(UInt8, run: Int = 1)
        case ifConfig
        /// A string literal. Doesn't count as a level.
        case string(ByteLexer.StringDelimiter)

        var opener: UInt8? {
            if case .bracket(let opener, _) = self { return opener }
            return nil
        }

        var isString: Bool {
            if case .string = self { return true }
            return false
        }
    }

    static func limit(_ source: String, maximumNesting: Int, maximumAdjacentBrackets: Int) -> Result {
        let bytes = Array(source.utf8)
        let (blanked, reason) = bytes.withUnsafeBufferPointer { buffer in
            var limiter = NestingLimiter(lexer: ByteLexer(buffer), maximum: maximumNesting, maximumRun: maximumAdjacentBrackets)
            limiter.scan()
            return (limiter.blanked, limiter.reason)
        }
        let original = LineTable(source)
        guard !blanked.isEmpty else { return Result(source: source, map: original) }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var segments = [LineTable.Segment(start: 0, originalStart: 0)]
        var next = 0
        for range in blanked {
            kept += bytes[next..<range.lowerBound]
            segments.append(LineTable.Segment(start: kept.count, originalStart: range.upperBound))
            next = range.upperBound
        }
        kept += bytes[next...]
        let first = original.location(ofOffset: blanked[0].lowerBound)
        let last = original.location(ofOffset: max(blanked.last!.upperBound - 1, blanked.last!.lowerBound))
        // Cuts start and end at ASCII bytes, so the rest is valid UTF-8.
        return Result(source: String(decoding: kept, as: UTF8.self), map: original.mapping(segments), firstTooDeep: first,
                      reason: reason, lastCutLine: last.line)
    }

    private let lexer: ByteLexer
    private var bytes: UnsafeBufferPointer<UInt8> { lexer.bytes }
    private let maximum: Int
    private let maximumRun: Int
    private(set) var reason = ""
    /// The frame just opened when nothing but whitespace followed it yet: a `[`/`(` now continues its run.
    private var openerJustPushed = false
    private var stack: [Frame] = []
    private var levels = 0
    private var index = 0
    /// The stack height at which the current blanked region ends, and where it began.
    private var blankUntilHeight: Int?
    private var blankStart = 0
    private(set) var blanked: [Range<Int>] = []

    private init(lexer: ByteLexer, maximum: Int, maximumRun: Int) {
        self.lexer = lexer
        self.maximum = maximum
        self.maximumRun = maximumRun
    }

    private func byte(_ offset: Int = 0) -> UInt8? {
        lexer.byte(at: index + offset)
    }

    private mutating func push(_ frame: Frame, at start: Int) {
        var frame = frame
        if case .bracket(let opener, _) = frame, opener == UInt8(ascii: "[") || opener == UInt8(ascii: "("),
           openerJustPushed, case .bracket(let outer, let run) = stack.last,
           outer == UInt8(ascii: "[") || outer == UInt8(ascii: "(") {
            frame = .bracket(opener, run: run + 1)
        }
        if case .string = frame {} else {
            levels += 1
            var tooDeep: String?
            if levels > maximum {
                tooDeep = "brackets and `#if` blocks nest more than \(maximum) levels deep"
            } else if case .bracket(_, let run) = frame, run > maximumRun {
                tooDeep = "more than \(maximumRun) `[` and `(` are opened directly inside each other"
            }
            if let tooDeep, blankUntilHeight == nil {
                if blanked.isEmpty { reason = tooDeep }
                blankUntilHeight = stack.count
                blankStart = start
            }
        }
        stack.append(frame)
    }

    /// Pops frames down to height `height`, ending a blanked region at `end` when it closes.
    private mutating func pop(toHeight height: Int, end: Int) {
        while stack.count > height {
            if case .string = stack.removeLast() {} else { levels -= 1 }
        }
        if let until = blankUntilHeight, stack.count <= until {
            blanked.append(blankStart..<end)
            blankUntilHeight = nil
        }
    }

    private mutating func scan() {
        while index < bytes.count {
            if case .string(let delimiter) = stack.last {
                scanString(delimiter)
            } else {
                scanCode()
            }
        }
        if blankUntilHeight != nil { blanked.append(blankStart..<bytes.count) }
    }

    private mutating func scanCode() {
        let current = bytes[index]
        if openerJustPushed, ![UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"),
                               UInt8(ascii: "("), UInt8(ascii: "[")].contains(current) {
            openerJustPushed = false
        }
        switch current {
        case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
            index = lexer.lineCommentEnd(from: index)
        case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
            index = lexer.blockCommentEnd(from: index) ?? bytes.count
        case UInt8(ascii: "\""), UInt8(ascii: "#"):
            var pounds = 0
            while byte(pounds) == UInt8(ascii: "#") { pounds += 1 }
            if byte(pounds) == UInt8(ascii: "\"") {
                let start = index
                let (delimiter, body) = lexer.openString(quote: index + pounds, hashes: pounds)
                index = body
                push(.string(delimiter), at: start)
            } else if current == UInt8(ascii: "#") {
                scanDirective()
            } else {
                index += 1
            }
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
            push(.bracket(current), at: index)
            index += 1
            openerJustPushed = current != UInt8(ascii: "{")
            return
        case UInt8(ascii: "<"):
            if index > 0, ByteLexer.isIdentifier(bytes[index - 1]) { push(.bracket(current), at: index) }
            index += 1
        case UInt8(ascii: ">"):
            let isArrow = index > 0 && bytes[index - 1] == UInt8(ascii: "-")
            if !isArrow, stack.last?.opener == UInt8(ascii: "<") { pop(toHeight: stack.count - 1, end: index + 1) }
            index += 1
        case UInt8(ascii: "\n"):
            // A `<` still open at the end of a line was a comparison (`a<b`), not a generic argument list.
            var height = stack.count
            while height > 0, stack[height - 1].opener == UInt8(ascii: "<") { height -= 1 }
            if height < stack.count { pop(toHeight: height, end: index) }
            index += 1
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
            let opener: UInt8 = current == UInt8(ascii: ")") ? UInt8(ascii: "(") : current == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
            // Unclosed generic `<`s (comparisons) inside are dropped; a stray closer is ignored.
            if let position = stack.lastIndex(where: { $0.opener == opener || $0 == .ifConfig || $0.isString }),
               stack[position].opener == opener {
                pop(toHeight: position, end: index + 1)
            }
            index += 1
        default:
            index += 1
        }
    }

    private mutating func scanDirective() {
        var end = index + 1
        while end < bytes.count, ByteLexer.isIdentifier(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
        if word == "if" {
            push(.ifConfig, at: index)
        } else if word == "endif", let position = stack.lastIndex(of: .ifConfig) {
            pop(toHeight: position, end: end)
        }
        index = end
    }

    private mutating func scanString(_ delimiter: ByteLexer.StringDelimiter) {
        switch lexer.stringEnd(from: index, delimiter) {
        case .closed(let next):
            index = next
            pop(toHeight: stack.count - 1, end: index)
        case .interpolation(let backslash, let code):
            push(.bracket(UInt8(ascii: "(")), at: backslash)
            index = code
        case .unterminated(let end):
            // Code resumes at the line break (or the end of the file).
            index = end
            pop(toHeight: stack.count - 1, end: index)
        }
    }
}
