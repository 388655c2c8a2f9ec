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

/// The manifests a reader evaluates: Package.swift, or Tuist's manifests and helpers. Their messages differ in
/// what to do about what archlint can't evaluate.
enum ManifestDialect {
    case package, tuist

    /// How to declare what archlint can't evaluate, as a sentence.
    var advice: String {
        switch self {
        case .package: "Declare them with literals and constants, or run with `--manifests dump` to evaluate the manifest exactly"
        case .tuist: "Declare them in `modules:` in .archlint.yml, with `type:` and `dependencies:`"
        }
    }

    /// The same advice after a semicolon.
    var adviceClause: String {
        switch self {
        case .package: "declare them with literals and constants, or run with `--manifests dump` to evaluate the manifest exactly"
        case .tuist: "declare the modules in `modules:` in .archlint.yml, with `type:` and `dependencies:`"
        }
    }

    /// What a budget hit loses, and what to do.
    var stopped: String {
        switch self {
        case .package: "the package's targets from here on are missing from the module graph. " + ManifestBudget.advice
        case .tuist: "this project's targets are missing from the module graph. Simplify the helper, or declare the "
            + "modules in `modules:` in .archlint.yml with `type:` and `dependencies:`"
        }
    }

    /// When the value of a condition on the environment is known.
    var decided: String {
        switch self {
        case .package: "when the manifest is compiled"
        case .tuist: "when `tuist generate` runs"
        }
    }
}
