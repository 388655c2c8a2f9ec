/// What a change does to the architecture: the differences between two analyses of one codebase (`archlint
/// diff`). Plain values, sorted, so the JSON form (docs/diff-schema.json) is stable. Modules are named by their
/// display names (the id when two modules share a name).
public struct ArchitectureDiff: Codable, Hashable, Sendable {
    public static let formatVersion = 1

    public var version = Self.formatVersion
    /// The base revision as given.
    public var base: String
    /// The head revision as given, or `working tree`.
    public var head: String
    public var modules = ModuleChanges()
    public var moduleEdges = Changes<EdgeChange>()
    public var components = Changes<ComponentChange>()
    public var componentEdges = Changes<ComponentEdgeChange>()
    public var dependencies = Changes<RequirementChange>()
    public var cycles = CycleChanges()
    public var findings = FindingChanges()
    /// Diagnostics about the base side that are not findings of the change: its configuration or manifests that
    /// no longer parse, say. The diff is computed from what could be read.
    public var baseNotes: [String] = []

    public init(base: String, head: String) {
        self.base = base
        self.head = head
    }

    public struct Changes<Element: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
        public var added: [Element] = []
        public var removed: [Element] = []

        public init(added: [Element] = [], removed: [Element] = []) {
            self.added = added
            self.removed = removed
        }

        public var isEmpty: Bool { added.isEmpty && removed.isEmpty }
    }

    public struct ModuleChange: Codable, Hashable, Sendable {
        public var name: String
        public var kind: ModuleKind

        public init(name: String, kind: ModuleKind) {
            self.name = name
            self.kind = kind
        }
    }

    public struct ModuleRename: Codable, Hashable, Sendable {
        public var from: String
        public var to: String

        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    public struct KindChange: Codable, Hashable, Sendable {
        public var name: String
        public var from: ModuleKind
        public var to: ModuleKind

        public init(name: String, from: ModuleKind, to: ModuleKind) {
            self.name = name
            self.from = from
            self.to = to
        }
    }

    public struct ModuleChanges: Codable, Hashable, Sendable {
        public var added: [ModuleChange] = []
        public var removed: [ModuleChange] = []
        /// A removed and an added module compiling the same files (relative to their directories): one module,
        /// renamed. Its edges, components and cycles are compared under the new name.
        public var renamed: [ModuleRename] = []
        public var kindChanged: [KindChange] = []

        public init() {}

        public var isEmpty: Bool { added.isEmpty && removed.isEmpty && renamed.isEmpty && kindChanged.isEmpty }
    }

    public struct EdgeChange: Codable, Hashable, Sendable, Comparable {
        public var from: String
        public var to: String
        public var kind: ModuleEdgeKind
        /// For added import edges: each `import` line; for added declared edges: the manifest entries.
        public var locations: [SourceLocation]

        public init(from: String, to: String, kind: ModuleEdgeKind, locations: [SourceLocation] = []) {
            self.from = from
            self.to = to
            self.kind = kind
            self.locations = locations
        }

        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.from, lhs.to, lhs.kind.rawValue) < (rhs.from, rhs.to, rhs.kind.rawValue)
        }
    }

    public struct ComponentChange: Codable, Hashable, Sendable, Comparable {
        public var name: String
        public var module: String?
        public var location: SourceLocation

        public init(name: String, module: String?, location: SourceLocation) {
            self.name = name
            self.module = module
            self.location = location
        }

        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.name, lhs.module ?? "") < (rhs.name, rhs.module ?? "")
        }
    }

    public struct ComponentEdgeChange: Codable, Hashable, Sendable, Comparable {
        /// The parent component.
        public var from: String
        /// The child component.
        public var to: String

        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }

        public static func < (lhs: Self, rhs: Self) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
    }

    /// One property of a component's `Dependency` protocol.
    public struct RequirementChange: Codable, Hashable, Sendable, Comparable {
        public var component: String
        public var property: String
        public var type: String
        /// The ancestor that provides it (head side for added, base side for removed); nil: none does.
        public var provider: String?

        public init(component: String, property: String, type: String, provider: String?) {
            self.component = component
            self.property = property
            self.type = type
            self.provider = provider
        }

        public static func < (lhs: Self, rhs: Self) -> Bool {
            (lhs.component, lhs.property, lhs.type) < (rhs.component, rhs.property, rhs.type)
        }
    }

    public struct CycleChanges: Codable, Hashable, Sendable {
        /// Each cycle: the modules of one strongly connected component of the module graph, sorted.
        public var introduced: [[String]] = []
        public var broken: [[String]] = []

        public init() {}

        public var isEmpty: Bool { introduced.isEmpty && broken.isEmpty }
    }

    /// A finding on one side only, matched by the baseline's line-free key.
    public struct Finding: Codable, Hashable, Sendable {
        public var rule: String
        public var severity: Severity
        public var message: String
        public var module: String?
        public var subject: [String]
        /// The head's location for an introduced finding, the base's for a fixed one.
        public var location: SourceLocation
        /// How many locations (import lines, manifest entries) it has.
        public var occurrences: Int

        public init(
            rule: String, severity: Severity, message: String, module: String?, subject: [String],
            location: SourceLocation, occurrences: Int
        ) {
            self.rule = rule
            self.severity = severity
            self.message = message
            self.module = module
            self.subject = subject
            self.location = location
            self.occurrences = occurrences
        }
    }

    public struct FindingChanges: Codable, Hashable, Sendable {
        public var introduced: [Finding] = []
        public var fixed: [Finding] = []

        public init() {}

        public var isEmpty: Bool { introduced.isEmpty && fixed.isEmpty }
    }

    /// Nothing in the architecture changed.
    public var isEmpty: Bool {
        modules.isEmpty && moduleEdges.isEmpty && components.isEmpty && componentEdges.isEmpty && dependencies.isEmpty
            && cycles.isEmpty && findings.isEmpty
    }

    /// The change introduces at least one error finding: `archlint diff` exits 1.
    public var introducesError: Bool { findings.introduced.contains { $0.severity == .error } }

    /// `+2 modules, −1 module, 3 edges added, …`: every non-empty count, for the first line of each format.
    public var summaryLine: String {
        func count(_ value: Int, _ noun: String) -> String { "\(value) \(noun)\(value == 1 ? "" : "s")" }
        var parts: [String] = []
        func add(_ value: Int, _ noun: String, _ verb: String) {
            if value > 0 { parts.append("\(count(value, noun)) \(verb)") }
        }
        add(modules.added.count, "module", "added")
        add(modules.removed.count, "module", "removed")
        add(modules.renamed.count, "module", "renamed")
        add(modules.kindChanged.count, "module", "changed kind")
        add(moduleEdges.added.count, "module edge", "added")
        add(moduleEdges.removed.count, "module edge", "removed")
        add(components.added.count, "component", "added")
        add(components.removed.count, "component", "removed")
        add(componentEdges.added.count, "component edge", "added")
        add(componentEdges.removed.count, "component edge", "removed")
        add(dependencies.added.count, "dependency requirement", "added")
        add(dependencies.removed.count, "dependency requirement", "removed")
        add(cycles.introduced.count, "cycle", "introduced")
        add(cycles.broken.count, "cycle", "broken")
        add(findings.introduced.count, "finding", "introduced")
        add(findings.fixed.count, "finding", "fixed")
        return parts.isEmpty ? "no architectural change" : parts.joined(separator: ", ")
    }
}
