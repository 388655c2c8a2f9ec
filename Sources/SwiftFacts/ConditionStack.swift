import SwiftSyntax

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
        if parts.count == 1 { return parts[0] }
        return parts.map { hasTopLevelOr($0) ? "(\($0))" : $0 }.joined(separator: " && ")
    }

    /// True when `||` occurs outside any parentheses, i.e. joining with `&&` would change the meaning.
    private static func hasTopLevelOr(_ text: String) -> Bool {
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
