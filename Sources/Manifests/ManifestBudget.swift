import Foundation

/// The bounds on reading one Package.swift (see docs/limits.md, "Package manifests"). Past one, the construct
/// being read becomes a `manifest-unresolved` issue at its line and column naming the budget; the rest of the
/// manifest is still read where it doesn't depend on it.
public struct ManifestBudget: Sendable {
    /// Brackets (`(`, `[`, `{`, `<`) and `#if` blocks nested inside each other. Deeper content is blanked out
    /// before parsing (swift-syntax's lookahead recurses once per level, without a bound of its own).
    public var maximumNesting = 100
    /// `[` and `(` opened directly inside each other (`[[[`, `([([`): swift-syntax's lookahead takes time
    /// exponential in their number. Content opened deeper is cut out the same way.
    public var maximumAdjacentBrackets = 8
    /// Expressions evaluated inside each other (nested calls, helpers calling helpers).
    public var maximumEvaluationDepth = 200
    /// Expressions evaluated in all, per manifest.
    public var maximumSteps = 500_000
    /// Values (targets, dependencies, strings, alternatives) one expression may produce.
    public var maximumValues = 10_000
    /// UTF-8 bytes in one string built by `+` or interpolation.
    public var maximumStringBytes = 16_384
    /// `manifest-unresolved` issues reported for one manifest; past it, one more issue says how many were left out.
    public var maximumIssues = 1_000
    /// Stack of the thread that parses and evaluates a manifest (virtual memory, touched only as deep as used).
    public var stackBytes = 512 << 20

    public init() {}

    public static let standard = ManifestBudget()

    /// How to fix a budget hit, as a sentence.
    static let advice = "Simplify this part of the manifest, or run with `--manifests dump` to evaluate it exactly"
}
