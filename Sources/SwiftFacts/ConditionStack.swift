import SwiftSyntax
import SyntaxSupport

/// The `#if` conditions enclosing the node being visited, as the text `FileFacts` documents:
/// nested blocks joined with ` && `; `#elseif B` of `#if A` is `!(A) && B`; `#else` is `!(A)`
/// (`!(A) && !(B)` after an `#elseif B`). A part with a top-level `||` is parenthesised when joined, so the
/// text keeps its meaning: `#if A || B` around `#if C` is `(A || B) && C`.
struct ConditionStack {
    private var parts: [String] = []
    /// The joined text of `parts`, kept up to date so every fact reads it without allocating.
    private(set) var current: String?

    mutating func push(_ part: String) {
        parts.append(part)
        current = Self.join(parts)
    }

    mutating func pop() {
        parts.removeLast()
        current = parts.isEmpty ? nil : Self.join(parts)
    }

    /// The branch condition of each clause of one `#if … #endif` block, in order.
    static func clauseConditions(of block: IfConfigDeclSyntax) -> [String] {
        var earlier: [String] = []
        var result: [String] = []
        for clause in block.clauses {
            let own = clause.condition.map { SyntaxText.normalized($0) }
            let negatedEarlier = earlier.map { "!(\($0))" }
            switch clause.poundKeyword.tokenKind {
            case .poundElse:
                result.append(join(negatedEarlier))
            default:
                // `#if` and `#elseif`; a missing condition in broken code reads as empty text.
                let text = own ?? ""
                result.append(join(negatedEarlier + [text]))
                earlier.append(text)
            }
        }
        return result
    }

    private static func join(_ parts: [String]) -> String {
        parts.dropFirst().reduce(parts.first) { ConditionText.and($0, $1) } ?? ""
    }
}
