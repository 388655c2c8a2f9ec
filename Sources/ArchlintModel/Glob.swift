/// Glob matching shared by config globs (paths and module names).
/// `*` matches within one path segment, `**` any number of segments, `?` one character, `{a,b}` alternatives.
/// `matchWithCaptures` returns what each `*`/`**` matched, for `$1`-style substitution.
public struct Glob: Hashable, Sendable, CustomStringConvertible {
    public let pattern: String
    private let tokens: [Token]

    private enum Token: Hashable, Sendable {
        case literal(Character)
        case star          // *
        case globstar      // ** (may swallow the following '/')
        case any           // ?
        case alternatives([[Token]])
    }

    public enum GlobError: Error, Equatable, CustomStringConvertible {
        case unbalancedBrace(String)
        case empty

        public var description: String {
            switch self {
            case .unbalancedBrace(let pattern): "unbalanced '{' or '}' in glob \"\(pattern)\""
            case .empty: "empty glob"
            }
        }
    }

    public init(_ pattern: String) throws {
        guard !pattern.isEmpty else { throw GlobError.empty }
        self.pattern = pattern
        var index = pattern.startIndex
        self.tokens = try Glob.parse(pattern, &index, insideBraces: false)
        if index != pattern.endIndex { throw GlobError.unbalancedBrace(pattern) }
    }

    public var description: String { pattern }

    private static func parse(_ pattern: String, _ index: inout String.Index, insideBraces: Bool) throws -> [Token] {
        var tokens: [Token] = []
        while index < pattern.endIndex {
            let character = pattern[index]
            if insideBraces && (character == "," || character == "}") { return tokens }
            index = pattern.index(after: index)
            switch character {
            case "*":
                if index < pattern.endIndex && pattern[index] == "*" {
                    index = pattern.index(after: index)
                    tokens.append(.globstar)
                } else {
                    tokens.append(.star)
                }
            case "?":
                tokens.append(.any)
            case "{":
                var options: [[Token]] = []
                while true {
                    options.append(try parse(pattern, &index, insideBraces: true))
                    guard index < pattern.endIndex else { throw GlobError.unbalancedBrace(pattern) }
                    let separator = pattern[index]
                    index = pattern.index(after: index)
                    if separator == "}" { break }
                }
                tokens.append(.alternatives(options))
            case "}":
                throw GlobError.unbalancedBrace(pattern)
            default:
                tokens.append(.literal(character))
            }
        }
        return tokens
    }

    public func matches(_ text: String) -> Bool {
        matchWithCaptures(text) != nil
    }

    /// The strings matched by each `*` and `**`, in order, or nil when `text` doesn't match.
    public func matchWithCaptures(_ text: String) -> [String]? {
        let characters = Array(text)
        var captures: [String] = []
        return Glob.match(tokens[...], characters[...], &captures) ? captures : nil
    }

    private static func match(_ tokens: ArraySlice<Token>, _ text: ArraySlice<Character>, _ captures: inout [String]) -> Bool {
        guard let token = tokens.first else { return text.isEmpty }
        let rest = tokens.dropFirst()
        switch token {
        case .literal(let character):
            guard text.first == character else { return false }
            return match(rest, text.dropFirst(), &captures)
        case .any:
            guard let first = text.first, first != "/" else { return false }
            return match(rest, text.dropFirst(), &captures)
        case .star:
            var length = 0
            while true {
                let candidate = text.prefix(length)
                var attempt = captures + [String(candidate)]
                if match(rest, text.dropFirst(length), &attempt) {
                    captures = attempt
                    return true
                }
                guard length < text.count, text[text.startIndex + length] != "/" else { return false }
                length += 1
            }
        case .globstar:
            // `**/` may match nothing, including its slash.
            var restAfterSlash = rest
            if case .literal("/") = rest.first { restAfterSlash = rest.dropFirst() }
            var attempt = captures + [""]
            if match(restAfterSlash, text, &attempt) {
                captures = attempt
                return true
            }
            var length = 1
            while length <= text.count {
                var attempt = captures + [String(text.prefix(length))]
                if match(rest, text.dropFirst(length), &attempt) {
                    captures = attempt
                    return true
                }
                length += 1
            }
            return false
        case .alternatives(let options):
            for option in options {
                var attempt = captures
                if match(ArraySlice(option) + rest, text, &attempt) {
                    captures = attempt
                    return true
                }
            }
            return false
        }
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
