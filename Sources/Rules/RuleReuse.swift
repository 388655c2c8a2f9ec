import ArchlintModel

/// What a rule's output is a function of, besides the configuration (its options, layers, features). A rule's
/// output is reused from the last run when the digests of everything it declares are unchanged; `fileFacts` (the
/// type index, Needle analysis, component graph and every file's facts, positions included) has no digest, so a
/// rule reading it runs on every analysis. A rule that declares less (`RuleInputsProvider`) must read nothing else
/// from `LintContext`: `RuleInputsTests` runs every example with everything its inputs don't cover taken away.
public struct RuleInputs: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// `context.moduleGraph`, `moduleIndex`, and the classifier (configuration + module graph).
    public static let moduleGraph = RuleInputs(rawValue: 1 << 0)
    /// `context.workspace`'s modules, manifests and projects (not its files).
    public static let workspaceStructure = RuleInputs(rawValue: 1 << 1)
    /// Anything derived from the files' facts.
    public static let fileFacts = RuleInputs(rawValue: 1 << 2)
    /// `context.needle`, `needleScopes` and `componentGraph`, and what they read: the module graph's nodes and
    /// declared edges (not its import edges), the files' calls and generated text, whether a file imports RIBs or
    /// NeedleFoundation (all its imports only where it declares what the analyses look at), and of the type index
    /// only what `context.needle.types` recorded, never `context.types`.
    public static let needle = RuleInputs(rawValue: 1 << 3)
    /// Every file's `FileFacts.memberNames`, with its path and module.
    public static let memberNames = RuleInputs(rawValue: 1 << 4)

    public static let everything: RuleInputs = [.moduleGraph, .workspaceStructure, .fileFacts, .needle, .memberNames]
    /// A module rule's: the module graph and the modules' declarations, never a file's facts.
    public static let moduleRule: RuleInputs = [.moduleGraph, .workspaceStructure]
    /// A Needle rule's: the Needle analyses, the component graph and the modules' declarations, never
    /// `context.types` or the module graph's imports.
    public static let needleRule: RuleInputs = [.needle, .workspaceStructure]
}

/// A rule that reads less than everything: the engine reuses its last output while the digests of its `inputs`
/// are unchanged. A rule that doesn't conform runs on every analysis.
public protocol RuleInputsProvider: Rule {
    static var inputs: RuleInputs { get }
}

extension RuleInputs {
    /// What `rule`'s output depends on: its declared `inputs`, else everything.
    public static func of(_ rule: any Rule.Type) -> RuleInputs {
        (rule as? any RuleInputsProvider.Type)?.inputs ?? .everything
    }
}

/// The digests of this run's rule inputs; an input without a digest (nil) makes every rule reading it run.
public struct RuleInputDigests: Sendable, Equatable {
    public var moduleGraph: UInt64?
    public var workspaceStructure: UInt64?
    public var needle: UInt64?
    public var memberNames: UInt64?

    public init(moduleGraph: UInt64?, workspaceStructure: UInt64?, needle: UInt64? = nil, memberNames: UInt64? = nil) {
        self.moduleGraph = moduleGraph
        self.workspaceStructure = workspaceStructure
        self.needle = needle
        self.memberNames = memberNames
    }

    /// The digest of what a rule with `inputs` reads, nil when one of them has none.
    func digest(of inputs: RuleInputs, combine: ([UInt64]) -> UInt64) -> UInt64? {
        guard !inputs.contains(.fileFacts) else { return nil }
        var parts: [UInt64] = [UInt64(inputs.rawValue)]
        let digests = [(RuleInputs.moduleGraph, moduleGraph), (.workspaceStructure, workspaceStructure), (.needle, needle),
                       (.memberNames, memberNames)]
        for (input, digest) in digests where inputs.contains(input) {
            guard let digest else { return nil }
            parts.append(digest)
        }
        return combine(parts)
    }
}

/// One rule's raw output (before severities) and the digest of the inputs it was computed from.
public struct StoredRuleOutput: Codable, Sendable, Equatable {
    public var rule: String
    public var inputs: UInt64
    public var diagnostics: [Diagnostic]

    public init(rule: String, inputs: UInt64, diagnostics: [Diagnostic]) {
        self.rule = rule
        self.inputs = inputs
        self.diagnostics = diagnostics
    }
}

/// Per-rule reuse for one run: the last run's outputs in, this run's reusable outputs out.
public struct RuleReuse: Sendable {
    public var digests: RuleInputDigests
    public var previous: [StoredRuleOutput]
    /// How digests combine (the cache's hash; passed in so Rules needs no cache code).
    public var combine: @Sendable ([UInt64]) -> UInt64
    /// The Needle inputs' digest to store outputs under, asked once the rules have run (what the Needle rules read
    /// is known only then); nil: `digests.needle`.
    public var finalNeedle: (@Sendable () -> UInt64?)?

    public init(
        digests: RuleInputDigests, previous: [StoredRuleOutput], combine: @escaping @Sendable ([UInt64]) -> UInt64,
        finalNeedle: (@Sendable () -> UInt64?)? = nil
    ) {
        self.digests = digests
        self.previous = previous
        self.combine = combine
        self.finalNeedle = finalNeedle
    }

    /// The digests to store this run's outputs under.
    var finalDigests: RuleInputDigests {
        guard let finalNeedle else { return digests }
        var final = digests
        final.needle = finalNeedle()
        return final
    }
}

/// What `RuleEngine.run` did with a `RuleReuse`: the outputs to store for next time and the rules it didn't run.
public struct RuleReuseOutcome: Sendable, Equatable {
    public var outputs: [StoredRuleOutput] = []
    public var reusedRules: [String] = []

    public init() {}
}
