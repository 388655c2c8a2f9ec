import SwiftSyntax
import SyntaxSupport

/// Manifest text for messages.
enum ManifestText {
    static func normalized(_ node: some SyntaxProtocol) -> String { SyntaxText.normalized(node) }

    /// A short excerpt for messages: the normalised text, cut after `limit` characters.
    static func excerpt(_ node: some SyntaxProtocol, limit: Int = 60) -> String {
        let text = normalized(node)
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "…"
    }

    /// `if a, b` as one condition: Swift reads the comma as `&&` (a part with a top-level `||` is parenthesised).
    static func conjunction(_ parts: [String]) -> String? {
        parts.reduce(nil) { ConditionText.and($0, $1) }
    }
}
