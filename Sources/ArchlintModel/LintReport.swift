/// The result of one `archlint lint` run: what every reporter formats.
public struct LintReport: Codable, Hashable, Sendable {
    public struct Summary: Codable, Hashable, Sendable {
        public var files: Int
        public var modules: Int
        public var components: Int
        public var errors: Int
        public var warnings: Int
        public var notes: Int

        public init(files: Int, modules: Int, components: Int, errors: Int, warnings: Int, notes: Int) {
            self.files = files
            self.modules = modules
            self.components = components
            self.errors = errors
            self.warnings = warnings
            self.notes = notes
        }
    }

    public var tool: String
    public var version: String
    /// The root as given on the command line.
    public var root: String
    public var summary: Summary
    /// Sorted by `Diagnostic.stableOrder`.
    public var diagnostics: [Diagnostic]
    /// The module edges `diagnostics` are about, as the graphs draw them (for reporters, which can't see the
    /// graph: the Markdown summary's diagram). Sorted by `from`, then `to`. Not part of the JSON contract.
    public var violatingEdges: [ViolatingEdge]

    public init(
        tool: String = "archlint", version: String = ArchlintVersion.current, root: String, summary: Summary,
        diagnostics: [Diagnostic], violatingEdges: [ViolatingEdge] = []
    ) {
        self.tool = tool
        self.version = version
        self.root = root
        self.summary = summary
        self.diagnostics = diagnostics
        self.violatingEdges = violatingEdges
    }

    private enum CodingKeys: String, CodingKey {
        case tool, version, root, summary, diagnostics, violatingEdges
    }

    /// Reads `report.json` too, which has no `violatingEdges`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tool = try container.decode(String.self, forKey: .tool)
        version = try container.decode(String.self, forKey: .version)
        root = try container.decode(String.self, forKey: .root)
        summary = try container.decode(Summary.self, forKey: .summary)
        diagnostics = try container.decode([Diagnostic].self, forKey: .diagnostics)
        violatingEdges = try container.decodeIfPresent([ViolatingEdge].self, forKey: .violatingEdges) ?? []
    }
}

/// One module edge that shown diagnostics are about (an import across features, a layer violation, an edge on a
/// cycle…): the modules' display names and what is wrong with the edge.
public struct ViolatingEdge: Codable, Hashable, Sendable {
    /// The modules' names (their ids where two modules share a name).
    public var from: String
    public var to: String
    /// The rules of the diagnostics on this edge, sorted by id, each with how many (one per importing file for
    /// an import rule).
    public var rules: [RuleFindings]
    /// The highest severity among them.
    public var severity: Severity
    /// A cycle diagnostic is on this edge.
    public var isCycle: Bool

    public struct RuleFindings: Codable, Hashable, Sendable {
        public var rule: String
        public var findings: Int

        public init(rule: String, findings: Int) {
            self.rule = rule
            self.findings = findings
        }
    }

    public init(from: String, to: String, rules: [RuleFindings], severity: Severity, isCycle: Bool) {
        self.from = from
        self.to = to
        self.rules = rules
        self.severity = severity
        self.isCycle = isCycle
    }

    /// How many diagnostics are on this edge.
    public var findings: Int { rules.reduce(0) { $0 + $1.findings } }
}

public enum ArchlintVersion {
    public static let current = "0.1.0"
}
