import ArchlintModel
import Rules

/// What a run filtered out before reporting, so reporters can say so ("3 known violations ignored").
public struct ReportFilterSummary: Hashable, Sendable {
    /// Diagnostics matched by the baseline and not reported.
    public var knownViolationsIgnored: Int
    /// Baseline entries that matched nothing any more (fixed violations).
    public var fixedBaselineEntries: Int
    /// Diagnostics silenced by inline `archlint:disable` comments.
    public var suppressed: Int
    /// Diagnostics left out by `--changed` because neither their location nor their evidence changed.
    public var outsideChangedFiles: Int
    /// What discovery skipped by default (templates, vendored and generated folders, external symlinks).
    public var skippedPaths: DiscoverySkips
    /// `lint --new-since REV`: diagnostics REV already had, not reported.
    public var knownAtRevision: Int
    /// The REV of `--new-since`.
    public var revision: String?

    public init(
        knownViolationsIgnored: Int = 0, fixedBaselineEntries: Int = 0, suppressed: Int = 0, outsideChangedFiles: Int = 0,
        skippedPaths: DiscoverySkips = DiscoverySkips(), knownAtRevision: Int = 0, revision: String? = nil
    ) {
        self.knownAtRevision = knownAtRevision
        self.revision = revision
        self.knownViolationsIgnored = knownViolationsIgnored
        self.fixedBaselineEntries = fixedBaselineEntries
        self.suppressed = suppressed
        self.outsideChangedFiles = outsideChangedFiles
        self.skippedPaths = skippedPaths
    }
}

extension ReportFilterSummary {
    /// One line per non-zero count ("3 known violations ignored", …), as the text format prints them after its
    /// summary. For other formats on stdout, the CLI can print these to stderr.
    public var messages: [String] {
        let filter = self
        var lines: [String] = []
        if filter.knownViolationsIgnored > 0 {
            lines.append("\(TextReporter.count(filter.knownViolationsIgnored, "known violation")) ignored")
        }
        if filter.fixedBaselineEntries > 0 {
            let entries = TextReporter.count(filter.fixedBaselineEntries, "baseline entry", plural: "baseline entries")
            lines.append("\(entries) no longer \(filter.fixedBaselineEntries == 1 ? "matches" : "match") (fixed): regenerate the baseline to shrink it")
        }
        if filter.knownAtRevision > 0 {
            lines.append("\(TextReporter.count(filter.knownAtRevision, "known finding")) already at \(filter.revision ?? "the base revision") not shown (only new findings fail)")
        }
        if filter.suppressed > 0 {
            lines.append("\(TextReporter.count(filter.suppressed, "diagnostic")) suppressed by archlint:disable comments")
        }
        if filter.outsideChangedFiles > 0 {
            lines.append("\(TextReporter.count(filter.outsideChangedFiles, "diagnostic")) outside the changed files not shown")
        }
        if let skipped = filter.skippedPaths.message { lines.append(skipped) }
        return lines
    }
}

public struct ReportOptions: Hashable, Sendable {
    /// ANSI colours (text format only). The CLI passes true only when stdout is a terminal.
    public var colored: Bool
    public var filter: ReportFilterSummary
    /// The rules SARIF and JUnit describe; defaults to every registered rule.
    public var rules: [RuleInfo]
    /// The analysed root as an absolute path, when known: SARIF's `%SRCROOT%` then gets a `file://` URI.
    public var absoluteRoot: String?

    public init(
        colored: Bool = false, filter: ReportFilterSummary = ReportFilterSummary(), rules: [RuleInfo] = RuleInfo.registered,
        absoluteRoot: String? = nil
    ) {
        self.colored = colored
        self.filter = filter
        self.rules = rules
        self.absoluteRoot = absoluteRoot
    }
}

/// Turns one `LintReport` into one output format. Reporters are pure: same report, same bytes.
public protocol Reporter: Sendable {
    /// The `--format` / `--report FORMAT:PATH` name.
    static var name: String { get }
    /// One line for `--help`.
    static var summary: String { get }
    init()
    /// The whole output, ending with a newline.
    func generate(_ report: LintReport, options: ReportOptions) -> String
}

/// Every output format, by name.
public enum Reporters {
    public static let all: [any Reporter.Type] = [
        TextReporter.self, JSONReporter.self, SARIFReporter.self, GitHubReporter.self, JUnitReporter.self,
        CheckstyleReporter.self, MarkdownReporter.self,
    ]

    public static var names: [String] { all.map { $0.name } }

    public static func reporter(named name: String) -> (any Reporter)? {
        all.first { $0.name == name }.map { $0.init() }
    }
}
