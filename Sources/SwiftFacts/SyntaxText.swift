import SwiftSyntax

/// Whitespace-normalised source text of a syntax node, built from its tokens only (comments and line breaks
/// are dropped). Spacing is canonical, so `Dictionary<String ,Int>` and `Dictionary<String, Int>` read alike:
/// - no space after `(`, `[`, `<`, `.`, `@`, `\`, `#`, and none before `)`, `]`, `>`, `,`, `:`, postfix `?`/`!`,
///   nor before a `.` that follows an operand (`foo\n  .bar()` → `foo.bar()`);
/// - one space after `,` and `:`, and around `->`;
/// - anywhere else, one space where the source had any whitespace or comment, none where it had none.
enum SyntaxText {
    static func normalized(_ node: some SyntaxProtocol) -> String {
        // Most type and argument texts are a single token (`APIClient`, `self`): no building needed.
        guard let first = node.firstToken(viewMode: .sourceAccurate) else { return "" }
        if first == node.lastToken(viewMode: .sourceAccurate) { return first.text }

        var text = ""
        var previous: TokenSyntax?
        for token in node.tokens(viewMode: .sourceAccurate) {
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
        case .leftParen, .leftSquare, .leftAngle, .period, .atSign, .backslash, .pound:
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
