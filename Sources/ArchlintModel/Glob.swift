/// Glob matching shared by config globs (paths and module names).
/// `*` matches within one path segment, `**` any number of segments, `?` one character, `{a,b}` alternatives.
/// `matchWithCaptures` returns what each `*`/`**` matched, for `$1`-style substitution. A glob for paths on a
/// case-insensitive volume (`PathCase.insensitive`) compares folded characters; captures keep the text's case.
///
/// A glob is compiled once into a small NFA program and matched by simulating every state at once, so matching
/// takes O(pattern × text) time whatever the pattern (a backtracking matcher is exponential in the number of
/// `**`). When several matches exist, captures are those of the preferred one: `*` and `**` match as little as
/// possible, `**/` first tries to match nothing (slash included), and alternatives are tried left to right.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
    /// Longer patterns are rejected (`GlobError.tooLong`): no real path or module name needs more.
    public static let maximumLength = 1024

    public let pattern: String
    /// How literal characters compare with the text's.
    public let pathCase: PathCase
    private let program: [Instruction]
    /// The literal text every match starts with, and the literal text every match ends with.
    let literalPrefix: [Character]
    let literalSuffix: [Character]
    /// Literal text every match contains somewhere (the longest run of literals outside alternatives).
    let requiredLiteral: [Character]
    /// Text every match contains (nil when a match can be anything, as with `*`).
    public var requiredText: String? { requiredLiteral.isEmpty ? nil : String(requiredLiteral) }
    /// The pattern has no wildcard and no alternatives: it matches exactly `pattern`.
    let isLiteral: Bool

    private enum Token: Hashable, Sendable {
        case literal(Character)
        case star          // *
        case globstar      // ** (may swallow the following '/')
        case any           // ?
        case alternatives([[Token]])
    }

    private enum Instruction: Hashable, Sendable {
        case character(Character)
        case notSlash      // any character but '/'
        case anything      // any character
        case split(Int, Int) // try the first target, then the second
        case jump(Int)
        case open          // a `*`/`**` capture starts here
        case close         // … and ends here
        case match
    }

    public enum GlobError: Error, Equatable, CustomStringConvertible {
        case unbalancedBrace(String)
        case empty
        case tooLong(Int)

        public var description: String {
            switch self {
            case .unbalancedBrace(let pattern): "unbalanced '{' or '}' in glob \"\(pattern)\""
            case .empty: "empty glob"
            case .tooLong(let length):
                "glob of \(length) characters is longer than the limit of \(Glob.maximumLength); shorten it"
            }
        }
    }

    public init(_ pattern: String, pathCase: PathCase = .sensitive) throws {
        guard !pattern.isEmpty else { throw GlobError.empty }
        let length = pattern.count
        guard length <= Self.maximumLength else { throw GlobError.tooLong(length) }
        self.pattern = pattern
        self.pathCase = pathCase
        let characters = Array(pattern)
        var index = 0
        let tokens = try Glob.parse(characters, &index, insideBraces: false, pathCase: pathCase)
        if index != characters.count { throw GlobError.unbalancedBrace(pattern) }
        var program: [Instruction] = []
        Glob.compile(tokens, into: &program)
        program.append(.match)
        Glob.resolveSlashSkips(&program)
        self.program = program
        literalPrefix = tokens.prefix { if case .literal = $0 { true } else { false } }.map(Glob.literalCharacter)
        var suffix = Array(tokens.reversed().prefix { if case .literal = $0 { true } else { false } }.reversed())
        isLiteral = suffix.count == tokens.count
        // `**/x` (and `{a**}/x`) also match without that slash: the slash after `**` is not certain to be there.
        if !isLiteral, suffix.first == .literal("/") {
            switch tokens[tokens.count - suffix.count - 1] {
            case .globstar, .alternatives: suffix.removeFirst()
            default: break
            }
        }
        literalSuffix = suffix.map(Glob.literalCharacter)
        requiredLiteral = Glob.longestLiteralRun(tokens)
    }

    private static func longestLiteralRun(_ tokens: [Token]) -> [Character] {
        var longest: [Character] = []
        var run: [Character] = []
        var previous: Token?
        for token in tokens + [.star] {
            if case .literal(let character) = token {
                // The slash after `**` (or after alternatives that may end in `**`) may be swallowed.
                let swallowable: Bool
                switch previous {
                case .globstar, .alternatives: swallowable = run.isEmpty && character == "/"
                default: swallowable = false
                }
                if !swallowable { run.append(character) }
            } else {
                if run.count > longest.count { longest = run }
                run = []
                previous = token
            }
        }
        return longest
    }

    public var description: String { pattern }

    public static func == (lhs: Glob, rhs: Glob) -> Bool { lhs.pattern == rhs.pattern && lhs.pathCase == rhs.pathCase }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(pattern)
        hasher.combine(pathCase)
    }

    private static func literalCharacter(_ token: Token) -> Character {
        if case .literal(let character) = token { return character }
        preconditionFailure("not a literal")
    }

    private static func parse(
        _ pattern: [Character], _ index: inout Int, insideBraces: Bool, pathCase: PathCase
    ) throws -> [Token] {
        var tokens: [Token] = []
        while index < pattern.count {
            let character = pattern[index]
            if insideBraces && (character == "," || character == "}") { return tokens }
            index += 1
            switch character {
            case "*":
                if index < pattern.count && pattern[index] == "*" {
                    index += 1
                    tokens.append(.globstar)
                } else {
                    tokens.append(.star)
                }
            case "?":
                tokens.append(.any)
            case "{":
                var options: [[Token]] = []
                while true {
                    options.append(try parse(pattern, &index, insideBraces: true, pathCase: pathCase))
                    guard index < pattern.count else { throw GlobError.unbalancedBrace(String(pattern)) }
                    let separator = pattern[index]
                    index += 1
                    if separator == "}" { break }
                }
                tokens.append(.alternatives(options))
            case "}":
                throw GlobError.unbalancedBrace(String(pattern))
            default:
                tokens.append(.literal(pathCase.fold(character)))
            }
        }
        return tokens
    }

    /// Placeholder target of the empty-`**` path, resolved by `resolveSlashSkips`.
    private static let slashSkip = -1

    private static func compile(_ tokens: [Token], into program: inout [Instruction]) {
        for token in tokens {
            switch token {
            case .literal(let character):
                program.append(.character(character))
            case .any:
                program.append(.notSlash)
            case .star:
                // open; loop: split(exit, body); body: notSlash; jump loop; exit: close
                program.append(.open)
                let loop = program.count
                program.append(.split(loop + 3, loop + 1))
                program.append(.notSlash)
                program.append(.jump(loop))
                program.append(.close)
            case .globstar:
                // open; split(empty, some); empty: close; jump <after '/' or next>;
                // some: anything; loop: split(exit, body); body: anything; jump loop; exit: close
                program.append(.open)
                let start = program.count
                program.append(.split(start + 1, start + 3))
                program.append(.close)
                program.append(.jump(slashSkip))
                program.append(.anything)
                let loop = program.count
                program.append(.split(loop + 3, loop + 1))
                program.append(.anything)
                program.append(.jump(loop))
                program.append(.close)
            case .alternatives(let options):
                var endJumps: [Int] = []
                for (number, option) in options.enumerated() {
                    let isLast = number == options.count - 1
                    let split = program.count
                    if !isLast { program.append(.split(split + 1, -1)) }
                    compile(option, into: &program)
                    if !isLast {
                        endJumps.append(program.count)
                        program.append(.jump(-1))
                        program[split] = .split(split + 1, program.count)
                    }
                }
                for jump in endJumps { program[jump] = .jump(program.count) }
            }
        }
    }

    /// `**` that matches nothing also swallows a '/' that follows it, even across the end of an alternative
    /// (`{a/**}/b` matches `a/b`): the empty path jumps past that '/'.
    private static func resolveSlashSkips(_ program: inout [Instruction]) {
        for index in program.indices {
            guard case .jump(slashSkip) = program[index] else { continue }
            // The globstar's code ends 5 instructions later with `close`; its continuation follows.
            var next = index + 6
            while case .jump(let target) = program[next] { next = target }
            program[index] = .jump(program[next] == .character("/") ? next + 1 : next)
        }
    }

    public func matches(_ text: String) -> Bool {
        matches(pathCase.fold(Array(text)))
    }

    /// Whether the whole of `text` (folded as `pathCase` folds) matches: a set-of-states simulation,
    /// O(program × text).
    func matches(_ text: [Character]) -> Bool {
        if isLiteral { return text.elementsEqual(literalPrefix) }
        guard text.count >= literalPrefix.count + literalSuffix.count,
              text.starts(with: literalPrefix), text.reversed().starts(with: literalSuffix.reversed())
        else { return false }
        var current: [Int] = []
        var next: [Int] = []
        var seen = [Int](repeating: -1, count: program.count)
        var stack: [Int] = []
        var generation = 0
        func add(_ pc: Int, to list: inout [Int]) {
            stack.append(pc)
            while let pc = stack.popLast() {
                guard seen[pc] != generation else { continue }
                seen[pc] = generation
                switch program[pc] {
                case .jump(let target): stack.append(target)
                case .split(let first, let second): stack.append(second); stack.append(first)
                case .open, .close: stack.append(pc + 1)
                default: list.append(pc)
                }
            }
        }
        add(0, to: &current)
        for character in text {
            generation += 1
            next.removeAll(keepingCapacity: true)
            for pc in current {
                switch program[pc] {
                case .character(let expected) where expected == character: add(pc + 1, to: &next)
                case .notSlash where character != "/": add(pc + 1, to: &next)
                case .anything: add(pc + 1, to: &next)
                default: break
                }
            }
            if next.isEmpty { return false }
            swap(&current, &next)
        }
        return current.contains { program[$0] == .match }
    }

    /// The strings matched by each `*` and `**`, in order, or nil when `text` doesn't match.
    public func matchWithCaptures(_ text: String) -> [String]? {
        matchWithCaptures(Array(text))
    }

    /// A Pike VM: threads run in priority order, so the first thread to match carries the captures a
    /// backtracking matcher would find, in O(program × text × captures) time. `text` is not folded: the captures
    /// are its own characters.
    func matchWithCaptures(_ text: [Character]) -> [String]? {
        let folded = pathCase.fold(text)
        guard matches(folded) else { return nil }
        struct Thread {
            var pc: Int
            var openedAt: Int
            var captures: [Range<Int>]
        }
        var current: [Thread] = []
        var next: [Thread] = []
        var seen = [Int](repeating: -1, count: program.count)
        var stack: [Thread] = []
        var generation = 0
        func add(_ thread: Thread, at position: Int, to list: inout [Thread]) {
            stack.append(thread)
            while var thread = stack.popLast() {
                guard seen[thread.pc] != generation else { continue }
                seen[thread.pc] = generation
                switch program[thread.pc] {
                case .jump(let target):
                    thread.pc = target
                    stack.append(thread)
                case .split(let first, let second):
                    var other = thread
                    other.pc = second
                    stack.append(other)
                    thread.pc = first
                    stack.append(thread)
                case .open:
                    thread.openedAt = position
                    thread.pc += 1
                    stack.append(thread)
                case .close:
                    thread.captures.append(thread.openedAt..<position)
                    thread.pc += 1
                    stack.append(thread)
                default:
                    list.append(thread)
                }
            }
        }
        add(Thread(pc: 0, openedAt: 0, captures: []), at: 0, to: &current)
        for (position, character) in folded.enumerated() {
            generation += 1
            next.removeAll(keepingCapacity: true)
            for thread in current {
                let advances: Bool
                switch program[thread.pc] {
                case .character(let expected): advances = expected == character
                case .notSlash: advances = character != "/"
                case .anything: advances = true
                default: advances = false
                }
                guard advances else { continue }
                var moved = thread
                moved.pc += 1
                add(moved, at: position + 1, to: &next)
            }
            swap(&current, &next)
        }
        guard let winner = current.first(where: { program[$0.pc] == .match }) else { return nil }
        return winner.captures.map { String(text[$0]) }
    }

    /// Replaces `$1`, `$2`, … in `template` with captures.
    public static func substitute(_ template: String, captures: [String]) -> String {
        var result = ""
        var characters = template[...]
        while let character = characters.first {
            characters = characters.dropFirst()
            if character == "$", let digit = characters.first, let number = digit.wholeNumberValue {
                characters = characters.dropFirst()
                result += number >= 1 && number <= captures.count ? captures[number - 1] : "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}
