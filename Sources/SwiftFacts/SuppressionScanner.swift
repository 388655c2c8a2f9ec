import ArchlintModel
import SwiftSyntax
import SyntaxSupport

/// Finds `archlint:` suppression comments in a tree's trivia.
///
/// Grammar, after `//` (or inside `/* … */`) and optional spaces:
/// `archlint:<directive> <rule>[, <rule>…] [- <reason>]` where directive is `disable`, `disable:next`,
/// `disable:this` or `enable`; rules are separated by commas and/or spaces; `all` stands for every rule;
/// the reason follows the first ` - `. A comment that starts with `archlint:` but doesn't fit (unknown
/// directive, no rule) becomes a `FileProblem` of kind `malformedSuppression` and suppresses nothing.
/// Comments that merely mention archlint later in their text are ignored.
enum SuppressionScanner {
    static let marker = "archlint:"

    struct Result {
        var suppressions: [SuppressionComment] = []
        var problems: [FileProblem] = []
    }

    static func scan(_ tree: SourceFileSyntax, lines: LineTable) -> Result {
        var result = Result()
        for token in tree.tokens(viewMode: .sourceAccurate) {
            // Trivia are only materialised for tokens whose trivia text can hold the marker.
            if token.leadingTriviaLength.utf8Length > marker.utf8.count {
                scan(token.leadingTrivia, startingAt: token.position, lines: lines, into: &result)
            }
            if token.trailingTriviaLength.utf8Length > marker.utf8.count {
                scan(token.trailingTrivia, startingAt: token.endPositionBeforeTrailingTrivia, lines: lines, into: &result)
            }
        }
        return result
    }

    private static func scan(
        _ trivia: Trivia, startingAt start: AbsolutePosition, lines: LineTable, into result: inout Result
    ) {
        var position = start
        for piece in trivia {
            defer { position += piece.sourceLength }
            let body: Substring
            switch piece {
            case .lineComment(let text), .docLineComment(let text):
                body = text.drop { $0 == "/" }
            case .blockComment(let text), .docBlockComment(let text):
                body = text.dropFirst(2).dropLast(2).drop { $0 == "*" }
            default:
                continue
            }
            let location = lines.location(of: position)
            switch parse(body) {
            case .none:
                continue
            case .suppression(let kind, let rules, let reason):
                result.suppressions.append(
                    SuppressionComment(kind: kind, rules: rules, reason: reason, line: location.line, column: location.column))
            case .malformed(let message):
                result.problems.append(
                    FileProblem(message: message, line: location.line, column: location.column, kind: .malformedSuppression))
            }
        }
    }

    enum Parsed: Equatable {
        case none
        case suppression(SuppressionComment.Kind, rules: [String], reason: String?)
        case malformed(String)
    }

    /// Parses a comment's text without its comment markers.
    static func parse(_ body: Substring) -> Parsed {
        let text = body.drop(while: \.isWhitespace)
        guard text.hasPrefix(marker) else { return .none }
        let afterMarker = text.dropFirst(marker.count)
        let directive = afterMarker.prefix { !$0.isWhitespace }
        var rest = afterMarker.dropFirst(directive.count)

        let kind: SuppressionComment.Kind
        switch directive {
        case "disable": kind = .disable
        case "disable:next": kind = .next
        case "disable:this": kind = .this
        case "enable": kind = .enable
        default:
            return .malformed(
                "unknown archlint directive `\(directive)`; use `archlint:disable`, `archlint:disable:next`, "
                    + "`archlint:disable:this` or `archlint:enable` followed by rule ids or `all`")
        }

        var reason: String?
        if let separator = reasonSeparator(in: rest) {
            let text = rest[separator.upperBound...].trimmingWhitespace()
            reason = text.isEmpty ? nil : String(text)
            rest = rest[..<separator.lowerBound]
        }
        let rules = rest.split { $0 == "," || $0.isWhitespace }.map(String.init)
        guard !rules.isEmpty else {
            return .malformed("`archlint:\(directive)` names no rule; list rule ids (comma-separated) or `all`")
        }
        return .suppression(kind, rules: rules, reason: reason)
    }

    /// The first ` - ` (a dash with whitespace before it, or at the very start, and whitespace or end after it).
    private static func reasonSeparator(in text: Substring) -> Range<Substring.Index>? {
        var index = text.startIndex
        while index < text.endIndex {
            if text[index] == "-" {
                let before = index == text.startIndex || text[text.index(before: index)].isWhitespace
                let next = text.index(after: index)
                let after = next == text.endIndex || text[next].isWhitespace
                if before && after { return index..<next }
            }
            index = text.index(after: index)
        }
        return nil
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}

/// `archlint:` comments in a YAML file (an XcodeGen `project.yml`): `# archlint:disable:next rule - reason` and
/// the other forms of the Swift grammar, after a `#` that starts a YAML comment (at the start of a line or after
/// whitespace, outside quotes). Columns are UTF-8 bytes, 1-based, at the `#`.
public enum HashCommentSuppressions {
    public static func scan(_ source: String) -> (suppressions: [SuppressionComment], problems: [FileProblem]) {
        var suppressions: [SuppressionComment] = []
        var problems: [FileProblem] = []
        guard source.contains(SuppressionScanner.marker) else { return ([], []) }
        for (index, line) in source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            guard line.contains(SuppressionScanner.marker), let hash = commentStart(in: line) else { continue }
            let column = line[..<hash].utf8.count + 1
            switch SuppressionScanner.parse(line[line.index(after: hash)...]) {
            case .none:
                continue
            case .suppression(let kind, let rules, let reason):
                suppressions.append(SuppressionComment(kind: kind, rules: rules, reason: reason, line: index + 1, column: column))
            case .malformed(let message):
                problems.append(FileProblem(message: message, line: index + 1, column: column, kind: .malformedSuppression))
            }
        }
        return (suppressions, problems)
    }

    /// The `#` that starts the line's comment: outside quoted scalars (a quote opens one only where a scalar can
    /// start), first on the line or after whitespace.
    private static func commentStart(in line: Substring) -> Substring.Index? {
        var quote: Character?
        var previous: Character?
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'", previous.map({ $0.isWhitespace || "[{,:".contains($0) }) ?? true {
                quote = character
            } else if character == "#", previous == nil || previous!.isWhitespace {
                return index
            }
            previous = character
        }
        return nil
    }
}
