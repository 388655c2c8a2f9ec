import ArchlintModel
import Graphs

/// The layer overview (`archlint graph --kind layers`): which module goes into which box, and how many module
/// edges and violations each arrow stands for. Built without graphviz; `LayerDotWriter` draws it and
/// `GraphJSON.layers` writes it.
///
/// - Groups are the configured layers, top to bottom in configuration order, then "not in a layer"; without
///   configured layers, one group per package (modules outside packages: per project, then "other").
/// - Within a group, one node per feature (its feature module together with its interface modules, and with
///   `showTests` its test modules) and one node for the group's other modules. Features and interfaces are told
///   apart by `ArchitectureClassifier`; an interface belongs to the feature whose `features.interfaces` patterns (with
///   `{feature}` substituted) match it, else it stands for a feature of its own.
/// - Tests (unless `showTests`) and externals (unless `showExternal`) are left out and counted in `caption`; when
///   shown, externals are one node, and a test module joins the node of the module it tests (its name without a
///   `Tests`/`UITests` suffix) or a "tests" node.
/// - Edges: one per pair of nodes that module edges connect (edges inside a node are counted on the node), with
///   the number of module edges (distinct module pairs) and how many of them carry a violation.
public struct LayerOverview: Hashable, Sendable {
    public struct Options: Hashable, Sendable {
        public var showExternal: Bool
        public var showTests: Bool

        public init(showExternal: Bool = false, showTests: Bool = false) {
            self.showExternal = showExternal
            self.showTests = showTests
        }
    }

    public enum GroupKind: String, Hashable, Sendable {
        case layer, unlayered, package, external
    }

    public struct Group: Hashable, Sendable {
        /// Stable key: `layer_000`, `unlayered`, `package_<name>`, `external`.
        public var key: String
        public var label: String
        public var kind: GroupKind
        /// Node ids, features first (by name), then the group's other modules.
        public var nodes: [String]
    }

    public enum NodeKind: String, Hashable, Sendable {
        case feature, modules, tests, external
    }

    public struct Node: Hashable, Sendable {
        /// `<group key>/<feature name>` for features, `<group key>/*` for the group's other modules.
        public var id: String
        /// The feature's name (`Profile` for `ProfileFeature`), or the group's label for its other modules (the
        /// module's name when they are one).
        public var name: String
        public var kind: NodeKind
        public var group: String
        /// Module ids, sorted.
        public var modules: [String]
        /// For a feature: the module a focused picture centres on (its feature module, else its first module).
        public var focusModule: String?
        /// Module edges inside the node, and how many of them carry a violation (a cycle inside `core`).
        public var internalEdges: Int
        public var internalViolations: Int
        /// The most severe finding on a module edge inside the node (its outline's colour), nil when none.
        public var internalSeverity: Severity? = nil
        /// How its modules are drawn: `feature` for features, `app` when all its modules are apps, else `core`
        /// (or `test`, `external`).
        public var look: ModuleKind

        /// "Profile · 2 modules".
        public var label: String { "\(name) · \(modules.count) module\(modules.count == 1 ? "" : "s")" }
        /// The HTML anchor of the feature's focused picture (`focusAnchor(_:)`), for features.
        public var anchor: String? { kind == .feature ? LayerOverview.focusAnchor(name) : nil }
    }

    public struct Edge: Hashable, Sendable {
        public var from: String
        public var to: String
        /// Distinct module pairs the edge stands for.
        public var moduleEdges: Int
        /// How many of them carry a violation (drawn red when > 0).
        public var violations: Int
        /// The violating module pairs, `from -> to`, sorted.
        public var violatingModuleEdges: [DirectedPair]
        /// The most severe finding on them (the edge's colour), nil when none.
        public var severity: Severity? = nil
    }

    public var groups: [Group]
    public var nodes: [Node]
    public var edges: [Edge]
    /// Modules left out (tests, externals), when any.
    public var hiddenTests: Int
    public var hiddenExternals: Int
    /// Whether groups are configured layers (else packages).
    public var byLayer: Bool

    /// What the picture leaves out, or nil when it shows every module.
    public var caption: String? {
        var parts: [String] = [], flags: [String] = []
        if hiddenTests > 0 {
            parts.append("\(hiddenTests) test module\(hiddenTests == 1 ? "" : "s")")
            flags.append("--show-tests")
        }
        if hiddenExternals > 0 {
            parts.append("\(hiddenExternals) external module\(hiddenExternals == 1 ? "" : "s")")
            flags.append("--show-external")
        }
        guard !parts.isEmpty else { return nil }
        return "Not counted: \(parts.joined(separator: ", ")) (\(flags.joined(separator: ", ")))."
    }

    /// The HTML anchor of a feature's focused picture: `focus-` and the name lowercased, anything but ASCII letters
    /// and digits turned into single dashes (`Profile` → `focus-profile`, `Ünïcode Feed` → `focus-n-code-feed`).
    public static func focusAnchor(_ feature: String) -> String {
        var slug = ""
        for scalar in feature.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                slug.unicodeScalars.append(scalar)
            } else if !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        while slug.hasPrefix("-") { slug.removeFirst() }
        return "focus-" + (slug.isEmpty ? "feature" : slug)
    }

    public init(
        graph: ModuleGraph, diagnostics: [Diagnostic], configuration: ArchlintConfiguration,
        classifier: ArchitectureClassifier? = nil, options: Options = Options()
    ) {
        let classifier = classifier ?? ArchitectureClassifier(configuration: configuration, graph: graph)
        byLayer = classifier.hasLayers
        let modules = graph.nodes.sorted { $0.id < $1.id }
        let byName = Dictionary(modules.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

        var hiddenTests = 0
        var hiddenExternals = 0
        // Module id → (group, node name, node kind).
        var placement: [String: (group: GroupSlot, name: String, kind: NodeKind)] = [:]
        func place(_ module: Module) -> (group: GroupSlot, name: String, kind: NodeKind)? {
            if let known = placement[module.id] { return known }
            let kind = classifier.kind(of: module)
            let slot = Self.slot(of: module, classifier: classifier)
            let result: (group: GroupSlot, name: String, kind: NodeKind)
            switch kind {
            case .external:
                guard options.showExternal else { return nil }
                result = (.external, "external", .external)
            case .test:
                guard options.showTests else { return nil }
                // The feature it tests (as the rules see it), else the module named like it.
                let tested = classifier.classification(of: module).feature ?? Self.testSubject(module.name)
                if let subject = tested.flatMap({ byName[$0] }), !subject.type.isTest,
                   let placed = place(subject) {
                    result = placed
                } else {
                    result = (slot, "tests", .tests)
                }
            case .feature:
                result = (slot, Self.featureName(module.name), .feature)
            case .interface:
                // With the feature whose `{feature}` patterns name it, else a feature of its own.
                let owner = classifier.classification(of: module).interfaceOf.map(Self.featureName)
                result = (slot, owner ?? Self.interfaceName(module.name), .feature)
            case .app, .core:
                result = (slot, slot.label, .modules)
            }
            placement[module.id] = result
            return result
        }
        for module in modules where place(module) == nil {
            if module.type == .external { hiddenExternals += 1 } else { hiddenTests += 1 }
        }
        self.hiddenTests = hiddenTests
        self.hiddenExternals = hiddenExternals

        // Nodes, grouped.
        func nodeID(_ placed: (group: GroupSlot, name: String, kind: NodeKind)) -> String {
            placed.group.key + "/" + (placed.kind == .feature ? placed.name : "*" + placed.kind.rawValue)
        }
        var nodesByID: [String: Node] = [:]
        var slots: [String: GroupSlot] = [:]
        for module in modules {
            guard let placed = placement[module.id] else { continue }
            let id = nodeID(placed)
            slots[placed.group.key] = placed.group
            nodesByID[id, default: Node(
                id: id, name: placed.name, kind: placed.kind, group: placed.group.key, modules: [], focusModule: nil,
                internalEdges: 0, internalViolations: 0, look: Self.look(placed.kind))].modules.append(module.id)
        }
        let byID = Dictionary(modules.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        // A group's "other modules" that are one module are called by its name ("App · 1 module").
        for (id, node) in nodesByID where node.kind == .modules && node.modules.count == 1 {
            if let only = byID[node.modules[0]] { nodesByID[id]?.name = only.name }
        }
        for (id, node) in nodesByID where node.kind == .modules {
            let allApps = node.modules.allSatisfy { id in byID[id].map { classifier.kind(of: $0) == .app } ?? false }
            if allApps { nodesByID[id]?.look = .app }
        }
        for (id, node) in nodesByID where node.kind == .feature {
            nodesByID[id]?.focusModule = node.modules.first { byID[$0].map { classifier.kind(of: $0) == .feature } ?? false }
                ?? node.modules.first
        }

        // Edges.
        let index = DiagnosticIndex(moduleGraph: graph, diagnostics: diagnostics)
        var aggregated: [DirectedPair: Edge] = [:]
        for pair in Set(graph.edges.map { DirectedPair(from: $0.from, to: $0.to) }).sorted() {
            guard let from = placement[pair.from].map(nodeID), let to = placement[pair.to].map(nodeID) else { continue }
            let severity = index.edges[pair]?.severity
            let violating = severity != nil
            if from == to {
                nodesByID[from]?.internalEdges += 1
                if let severity {
                    nodesByID[from]?.internalViolations += 1
                    let worst = max(nodesByID[from]?.internalSeverity ?? severity, severity)
                    nodesByID[from]?.internalSeverity = worst
                }
                continue
            }
            let key = DirectedPair(from: from, to: to)
            aggregated[key, default: Edge(from: from, to: to, moduleEdges: 0, violations: 0, violatingModuleEdges: [])]
                .moduleEdges += 1
            if let severity {
                aggregated[key]?.violations += 1
                aggregated[key]?.violatingModuleEdges.append(pair)
                let worst = max(aggregated[key]?.severity ?? severity, severity)
                aggregated[key]?.severity = worst
            }
        }
        edges = aggregated.values.sorted { DirectedPair(from: $0.from, to: $0.to) < DirectedPair(from: $1.from, to: $1.to) }

        // Groups in order: layers (configuration order) or packages (by name), then the rest.
        groups = slots.values.sorted { $0.order < $1.order }.map { slot in
            let members = nodesByID.values.filter { $0.group == slot.key }.sorted { lhs, rhs in
                (lhs.kind == .feature ? 0 : 1, lhs.name) < (rhs.kind == .feature ? 0 : 1, rhs.name)
            }
            return Group(key: slot.key, label: slot.label, kind: slot.kind, nodes: members.map(\.id))
        }
        let order = groups.flatMap(\.nodes)
        nodes = order.compactMap { nodesByID[$0] }
    }

    // MARK: Placement

    /// Where a group sorts and what it is called.
    struct GroupSlot: Hashable {
        var key: String
        var label: String
        var kind: GroupKind
        var order: String

        static let external = GroupSlot(key: "external", label: "external", kind: .external, order: "9")
    }

    private static func slot(of module: Module, classifier: ArchitectureClassifier) -> GroupSlot {
        if module.type == .external { return .external }
        if classifier.hasLayers {
            guard let layer = classifier.layer(of: module) else {
                return GroupSlot(key: "unlayered", label: "not in a layer", kind: .unlayered, order: "8")
            }
            let number = String(String(layer.index + 1_000).dropFirst())
            return GroupSlot(key: "layer_\(number)", label: layer.name, kind: .layer, order: "0" + number)
        }
        if let container = module.package ?? module.project {
            return GroupSlot(key: "package_\(container)", label: container, kind: .package, order: "1" + container)
        }
        return GroupSlot(key: "unlayered", label: "other", kind: .unlayered, order: "8")
    }

    private static func look(_ kind: NodeKind) -> ModuleKind {
        switch kind {
        case .feature: .feature
        case .modules: .core
        case .tests: .test
        case .external: .external
        }
    }

    /// `ProfileFeature` → `Profile`.
    static func featureName(_ module: String) -> String { ArchitectureClassifier.featureBaseName(of: module) }

    /// `ProfileInterface`, `ProfileFeatureInterface` → `Profile`.
    static func interfaceName(_ module: String) -> String { ArchitectureClassifier.interfaceBaseName(of: module) }

    /// `ProfileFeatureTests` → `ProfileFeature`.
    static func testSubject(_ module: String) -> String? {
        for suffix in ["UITests", "UnitTests", "SnapshotTests", "Tests"] where module.hasSuffix(suffix) && module.count > suffix.count {
            return String(module.dropLast(suffix.count))
        }
        return nil
    }
}
