import ArchlintModel
import Configuration
import Graphs
import SystemSupport

/// A rule: one file declares its description (id, group, default severity, rationale, examples), its typed
/// options and `check` (docs/internals.md, "How to add a rule"). What the cache and the skimmer need is opt-in:
/// `RuleInputsProvider`, `ScanDemandProvider`, `DeclarationReadsProvider`.
public protocol Rule: Sendable {
    /// What a configuration may set under `rules.<id>.options`; `NoOptions` when the rule takes none.
    associatedtype Options: RuleOptions = NoOptions
    static var description: RuleDescription { get }
    init()
    /// The rule's findings, without a severity: the engine sets it (`FindingsPolicy`).
    func check(_ context: LintContext) -> [Diagnostic]
}

extension Diagnostic {
    /// A rule's finding: the engine sets its severity (`FindingsPolicy.report`). A rule gives one only to report
    /// a finding below its configured severity (a note beside its warnings).
    public init(
        rule: String, message: String, location: SourceLocation, module: String? = nil, related: [RelatedLocation] = [],
        subject: [String] = [], occurrenceNote: String? = nil, fact: FindingFact? = nil
    ) {
        self.init(
            rule: rule, severity: .error, message: message, location: location, module: module, related: related,
            subject: subject, occurrenceNote: occurrenceNote, fact: fact)
    }
}

/// Which kind of code a rule is about; also how the documentation groups rules, and what decides whether the
/// RIBs rules run by default (`RuleGroupActivation`).
public enum RuleGroup: String, Sendable, CaseIterable {
    /// The module graph: imports and declared dependencies.
    case module
    /// Needle's dependency-injection tree.
    case needle
    /// RIBs conventions (routers, builders, Needle components of RIBs): on by default only where the code uses RIBs.
    case ribs
    /// What the pipeline itself reports (unreadable files, syntax errors, suppressions, the configuration).
    case pipeline
    /// A team's own rules in `.archlint.yml` (`forbidden:`, `allowed:`, `required:`, `types:`): documented by
    /// kind of entry, their findings are `custom:<name>`.
    case custom

    public var title: String {
        switch self {
        case .module: "Module graph rules"
        case .needle: "Needle rules"
        case .ribs: "RIBs rules"
        case .pipeline: "Pipeline diagnostics"
        case .custom: "Your own rules"
        }
    }
}

/// What a rule is, SwiftLint-style: the examples are both its tests and its documentation.
public struct RuleDescription: Sendable {
    public var id: String
    public var name: String
    /// One sentence: what it flags.
    public var summary: String
    /// Why it matters and how to fix it.
    public var rationale: String
    /// The severity it reports at when on.
    public var defaultSeverity: Severity
    /// False for an opt-in rule: the default preset turns it off, the strict preset on at `defaultSeverity`.
    public var enabledByDefault: Bool
    public var group: RuleGroup
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]

    public init(
        id: String, name: String, summary: String, rationale: String, defaultSeverity: Severity, group: RuleGroup,
        triggeringExamples: [RuleExample], nonTriggeringExamples: [RuleExample], enabledByDefault: Bool = true
    ) {
        self.enabledByDefault = enabledByDefault
        self.group = group
        self.id = id
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
    }
}

extension RuleDescription {
    /// What the default preset sets: the severity, or `off` for an opt-in rule.
    public var defaultSetting: String { enabledByDefault ? defaultSeverity.rawValue : "off" }
}

/// A mini-repository: relative path → file content. In triggering examples, each `↓` marks where the rule
/// must report (the marker is removed before scanning); the rule must report exactly there and nowhere else.
/// `configuration` is `.archlint.yml` text applied to the example (nil: the default preset).
public struct RuleExample: Sendable {
    public var files: [String: String]
    public var configuration: String?
    /// A short caption printed by `archlint rules <id>`.
    public var caption: String?
    /// For a triggering example: how many findings its markers make once grouped (`FindingGrouping`: a
    /// declaration and its imports are one finding); nil: not checked.
    public var findings: Int?

    public init(_ files: [String: String], configuration: String? = nil, caption: String? = nil, findings: Int? = nil) {
        self.files = files
        self.configuration = configuration
        self.caption = caption
        self.findings = findings
    }

    /// Marks where a triggering example must report; removed before the example is scanned.
    public static let marker: Character = "↓"
}
