import SwiftSyntax

/// Whitespace-normalised source text of a syntax node, built from its tokens only (comments and line breaks
/// are dropped). Spacing is canonical, so `Dictionary<String ,Int>` and `Dictionary<String, Int>` read alike:
/// - no space after `(`, `[`, `<`, `.`, `@`, `\`, `#`, and none before `)`, `]`, `>`, `,`, `:`, postfix `?`/`!`,
///   nor before a `.` that follows an operand (`foo\n  .bar()` → `foo.bar()`);
/// - one space after `,` and `:`, and around `->`;
/// - anywhere else, one space where the source had any whitespace or comment, none where it had none.
public enum SyntaxText {
    public static func normalized(_ node: some SyntaxProtocol) -> String {
        // Most type and argument texts are a single token (`APIClient`, `self`): no building needed.
        guard let first = node.firstToken(viewMode: .sourceAccurate) else { return "" }
        if first == node.lastToken(viewMode: .sourceAccurate) { return first.text }

        var text = ""
        var previous: TokenSyntax?
        for token in node.tokens(viewMode: .sourceAccurate) where token.presence == .present {
            if let previous {
                let hadTrivia = previous.trailingTriviaLength.utf8Length > 0 || token.leadingTriviaLength.utf8Length > 0
                if needsSpace(between: previous.tokenKind, and: token.tokenKind, hadTrivia: hadTrivia) {
                    text.append(" ")
                }
            }
            text.append(token.text)
            previous = token
        }
        return text
    }

    private static func needsSpace(between left: TokenKind, and right: TokenKind, hadTrivia: Bool) -> Bool {
        switch right {
        case .rightParen, .rightSquare, .rightAngle, .comma, .colon, .postfixQuestionMark, .exclamationMark,
            .semicolon, .ellipsis:
            return false
        default:
            break
        }
        switch left {
        case .leftParen, .leftSquare, .leftAngle, .period, .atSign, .backslash, .pound, .prefixOperator:
            return false
        case .comma, .colon, .arrow:
            return true
        default:
            break
        }
        if right == .arrow { return true }
        // `foo\n  .bar()` joins up; `?? .init()` keeps its space.
        if right == .period { return hadTrivia && !endsOperand(left) }
        return hadTrivia
    }

    private static func endsOperand(_ kind: TokenKind) -> Bool {
        switch kind {
        case .identifier, .rightParen, .rightSquare, .rightAngle, .rightBrace, .postfixQuestionMark,
            .exclamationMark, .stringQuote, .multilineStringQuote, .integerLiteral, .floatLiteral,
            .keyword(.self), .keyword(.Self), .keyword(.super), .keyword(.`init`):
            return true
        default:
            return false
        }
    }
}

/// `#if`/`if` conditions as text, combined the way `FileFacts` documents: nested parts joined with ` && `
/// (a part with a top-level `||` is parenthesised), an `else` branch is `!(A)`.
public enum ConditionText {
    public static func and(_ lhs: String?, _ rhs: String?) -> String? {
        guard let lhs else { return rhs }
        guard let rhs else { return lhs }
        if lhs == rhs { return lhs }
        return [lhs, rhs].map { hasTopLevelOr($0) ? "(\($0))" : $0 }.joined(separator: " && ")
    }

    public static func not(_ condition: String) -> String { "!(\(condition))" }

    /// The condition of each branch of an `if A … else if B … else …` chain, given each branch's own condition
    /// (nil for the final `else`): `A`, `!(A) && B`, `!(A) && !(B)`.
    public static func branches(_ own: [String?]) -> [String?] {
        var earlier: [String] = []
        var result: [String?] = []
        for condition in own {
            let negated = earlier.map(not)
            var combined: String? = nil
            for part in negated { combined = and(combined, part) }
            if let condition {
                combined = and(combined, condition)
                earlier.append(condition)
            }
            result.append(combined)
        }
        return result
    }

    /// True when `||` occurs outside any parentheses, i.e. joining with `&&` would change the meaning.
    static func hasTopLevelOr(_ text: String) -> Bool {
        var depth = 0
        var previousWasBar = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth -= 1
            case UInt8(ascii: "|"):
                if previousWasBar && depth == 0 { return true }
            default: break
            }
            previousWasBar = byte == UInt8(ascii: "|")
        }
        return false
    }
}

extension IfConfigDeclSyntax {
    /// Each clause of `#if … #elseif … #else` with the condition it applies under (earlier clauses negated), for
    /// the facts visitor and the manifest readers. A clause missing its condition (broken code) reads as empty text.
    public var clausesWithConditions: [(clause: IfConfigClauseSyntax, condition: String?)] {
        let own = clauses.map { clause -> String? in
            clause.poundKeyword.tokenKind == .poundElse ? nil : clause.condition.map(SyntaxText.normalized) ?? ""
        }
        return Array(zip(clauses, ConditionText.branches(own)))
    }
}
