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

    private static func join(_ parts: [String]) -> String {
        parts.dropFirst().reduce(parts.first) { ConditionText.and($0, $1) } ?? ""
    }
}
