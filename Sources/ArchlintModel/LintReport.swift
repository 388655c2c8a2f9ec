/// The result of one `archlint lint` run: what every reporter formats.
public struct LintReport: Codable, Hashable, Sendable {
    public struct Summary: Codable, Hashable, Sendable {
        public var files: Int
        public var modules: Int
        public var components: Int
        public var errors: Int
        public var warnings: Int
        public var notes: Int
        /// What was withheld because the declarations it rests on are partly unread.
        public var withheld: WithheldFindings

        public init(
            files: Int, modules: Int, components: Int, errors: Int, warnings: Int, notes: Int,
            withheld: WithheldFindings = WithheldFindings()
        ) {
            self.files = files
            self.modules = modules
            self.components = components
            self.errors = errors
            self.warnings = warnings
            self.notes = notes
            self.withheld = withheld
        }

        private enum CodingKeys: String, CodingKey {
            case files, modules, components, errors, warnings, notes, withheld
        }

        /// Reads a summary written before `withheld` existed too.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            files = try container.decode(Int.self, forKey: .files)
            modules = try container.decode(Int.self, forKey: .modules)
            components = try container.decode(Int.self, forKey: .components)
            errors = try container.decode(Int.self, forKey: .errors)
            warnings = try container.decode(Int.self, forKey: .warnings)
            notes = try container.decode(Int.self, forKey: .notes)
            withheld = try container.decodeIfPresent(WithheldFindings.self, forKey: .withheld) ?? WithheldFindings()
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

/// Findings not reported because what they rest on could not be read (see `DeclarationCompleteness`): the
/// targets whose declared dependencies are partly unread, and how many findings of each rule rested on them.
/// Counted before suppressions and the baseline, as findings (a module edge's locations count once).
public struct WithheldFindings: Codable, Hashable, Sendable {
    /// The modules whose declared dependencies are partly unread (each unread construct is a
    /// `manifest-unresolved`), by id, sorted.
    public var partialTargets: [String]
    /// Findings withheld, by rule, sorted by rule id (a list, not a dictionary: stored results use a coder of
    /// their own).
    public var rules: [ViolatingEdge.RuleFindings]
    /// Apps whose Needle world was widened because their module closure is partly unread, sorted.
    public var widenedNeedleWorlds: [String]
    /// Projects whose list of targets is partly unread, by path, sorted: the files their unread targets compile
    /// belong to no module, so no finding is made about them.
    public var unreadProjects: [String]

    public init(partialTargets: [String] = [], findingsByRule: [String: Int] = [:], widenedNeedleWorlds: [String] = [],
                unreadProjects: [String] = []) {
        self.partialTargets = partialTargets
        self.unreadProjects = unreadProjects
        self.rules = []
        self.widenedNeedleWorlds = widenedNeedleWorlds
        self.findingsByRule = findingsByRule
    }

    private enum CodingKeys: String, CodingKey {
        case partialTargets, rules, widenedNeedleWorlds, unreadProjects
    }

    /// A report written before `unreadProjects` existed still reads.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        partialTargets = try container.decode([String].self, forKey: .partialTargets)
        rules = try container.decode([ViolatingEdge.RuleFindings].self, forKey: .rules)
        widenedNeedleWorlds = try container.decode([String].self, forKey: .widenedNeedleWorlds)
        unreadProjects = try container.decodeIfPresent([String].self, forKey: .unreadProjects) ?? []
    }

    /// Written as it is read (`…IfPresent`), so a positional coder reads back what it wrote.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(partialTargets, forKey: .partialTargets)
        try container.encode(rules, forKey: .rules)
        try container.encode(widenedNeedleWorlds, forKey: .widenedNeedleWorlds)
        try container.encodeIfPresent(unreadProjects as [String]?, forKey: .unreadProjects)
    }

    /// Rule id → findings withheld.
    public var findingsByRule: [String: Int] {
        get { Dictionary(rules.map { ($0.rule, $0.findings) }, uniquingKeysWith: +) }
        set { rules = newValue.sorted { $0.key < $1.key }.map { ViolatingEdge.RuleFindings(rule: $0.key, findings: $0.value) } }
    }

    public var findings: Int { rules.reduce(0) { $0 + $1.findings } }

    public var isEmpty: Bool {
        partialTargets.isEmpty && rules.isEmpty && widenedNeedleWorlds.isEmpty && unreadProjects.isEmpty
    }

    /// What the text summary says: `3 targets' dependencies are partly unread (see manifest-unresolved): 12 findings
    /// that rest on them withheld (undeclared-import 8, unused-dependency 4).`; nil when nothing is unread.
    public var summaryLine: String? {
        var parts: [String] = []
        if !partialTargets.isEmpty || !rules.isEmpty {
            let targets = partialTargets.count == 1 ? "1 target's dependencies are" : "\(partialTargets.count) targets' dependencies are"
            let count = findings == 1 ? "1 finding that rests on them" : "\(findings) findings that rest on them"
            let rules = rules.map { "\($0.rule) \($0.findings)" }.joined(separator: ", ")
            parts.append("\(targets) partly unread (see manifest-unresolved): "
                + (findings == 0 ? "no finding rested on them" : "\(count) withheld (\(rules))"))
        }
        if !unreadProjects.isEmpty {
            let projects = unreadProjects.count == 1 ? "1 project's targets are" : "\(unreadProjects.count) projects' targets are"
            parts.append("\(projects) partly unread (see manifest-unresolved): the files their unread targets compile belong to no "
                         + "module and are not checked")
        }
        if !widenedNeedleWorlds.isEmpty {
            let apps = widenedNeedleWorlds.count == 1 ? "1 app's" : "\(widenedNeedleWorlds.count) apps'"
            parts.append("\(apps) Needle world widened to every library module (their module closure is partly unread)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ") + "."
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
