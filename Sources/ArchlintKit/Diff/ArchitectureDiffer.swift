import ArchlintModel
import Reporting

/// One side of a diff: an analysis and the findings a lint of it would report (suppressions applied).
public struct DiffSide: Sendable {
    public var analysis: ArchitectureAnalysis
    /// Per location, suppressions applied.
    public var findings: [Diagnostic]

    public init(analysis: ArchitectureAnalysis) {
        self.analysis = analysis
        findings = analysis.filtered().reported
    }
}

/// Compares two analyses: modules, module edges, components, component edges, `Dependency` requirements, cycles
/// and findings (matched by `BaselineKey`, the baseline's line-free key, so moved lines change nothing).
public enum ArchitectureDiffer {
    public static func diff(base: DiffSide, head: DiffSide, baseName: String, headName: String) -> (ArchitectureDiff, DiffNeighbourhood) {
        var diff = ArchitectureDiff(base: baseName, head: headName)
        let baseGraph = NamedGraph(base.analysis)
        let headGraph = NamedGraph(head.analysis)

        // Modules, with renames found first so everything else compares under the head's names.
        let baseOnly = Set(baseGraph.modules.keys).subtracting(headGraph.modules.keys)
        let headOnly = Set(headGraph.modules.keys).subtracting(baseGraph.modules.keys)
        let renames = renames(baseOnly: baseOnly, headOnly: headOnly, base: baseGraph, head: headGraph)
        func renamed(_ baseModule: String) -> String { renames[baseModule] ?? baseModule }
        diff.modules.renamed = renames.map { ArchitectureDiff.ModuleRename(from: $0.key, to: $0.value) }
            .sorted { $0.from < $1.from }
        let renamedTo = Set(renames.values)
        diff.modules.added = headOnly.subtracting(renamedTo).sorted()
            .map { ArchitectureDiff.ModuleChange(name: $0, kind: headGraph.modules[$0]!.kind) }
        diff.modules.removed = baseOnly.subtracting(renames.keys).sorted()
            .map { ArchitectureDiff.ModuleChange(name: $0, kind: baseGraph.modules[$0]!.kind) }
        for (name, baseModule) in baseGraph.modules.sorted(by: { $0.key < $1.key }) {
            guard let headModule = headGraph.modules[renamed(name)], headModule.kind != baseModule.kind else { continue }
            diff.modules.kindChanged.append(.init(name: renamed(name), from: baseModule.kind, to: headModule.kind))
        }

        // Module edges.
        let baseEdges = Dictionary(baseGraph.edges.map { (EdgeKey(from: renamed($0.from), to: renamed($0.to), kind: $0.kind), $0) }) { first, _ in first }
        let headEdges = Dictionary(headGraph.edges.map { (EdgeKey(from: $0.from, to: $0.to, kind: $0.kind), $0) }) { first, _ in first }
        diff.moduleEdges.added = headEdges.filter { baseEdges[$0.key] == nil }.values.sorted()
        diff.moduleEdges.removed = baseEdges.filter { headEdges[$0.key] == nil }
            .map { ArchitectureDiff.EdgeChange(from: $0.key.from, to: $0.key.to, kind: $0.key.kind) }.sorted()

        // Components, their edges and their requirements (one entry per name across Needle scopes).
        let baseComponents = components(base.analysis.componentGraph) { id in baseGraph.namesByID[id].map(renamed) ?? id }
        let headComponents = components(head.analysis.componentGraph) { id in headGraph.namesByID[id] ?? id }
        diff.components.added = headComponents.nodes.filter { baseComponents.nodes[$0.key] == nil }.values.sorted()
        diff.components.removed = baseComponents.nodes.filter { headComponents.nodes[$0.key] == nil }.values.sorted()
        diff.componentEdges.added = headComponents.edges.subtracting(baseComponents.edges).sorted()
        diff.componentEdges.removed = baseComponents.edges.subtracting(headComponents.edges).sorted()
        diff.dependencies.added = headComponents.requirements.filter { baseComponents.requirements[$0.key] == nil }.values.sorted()
        diff.dependencies.removed = baseComponents.requirements.filter { headComponents.requirements[$0.key] == nil }.values.sorted()

        // Cycles: strongly connected components of more than one module.
        let baseCycles = Set(baseGraph.cycles.map { $0.map(renamed).sorted() })
        let headCycles = Set(headGraph.cycles)
        diff.cycles.introduced = headCycles.subtracting(baseCycles).sorted { $0.lexicographicallyPrecedes($1) }
        diff.cycles.broken = baseCycles.subtracting(headCycles).sorted { $0.lexicographicallyPrecedes($1) }

        // Findings, by line-free key: a key recorded n times on one side covers n occurrences on the other.
        let introduced = Baseline(recording: base.findings).match(head.findings).new
        let fixed = Baseline(recording: head.findings).match(base.findings).new
        diff.findings.introduced = FindingGrouping.group(introduced).map(finding)
        diff.findings.fixed = FindingGrouping.group(fixed).map(finding)

        let neighbourhood = Self.neighbourhood(diff: diff, base: baseGraph, head: headGraph, rename: renamed)
        return (diff, neighbourhood)
    }

    private static func finding(_ diagnostic: Diagnostic) -> ArchitectureDiff.Finding {
        ArchitectureDiff.Finding(
            rule: diagnostic.rule, severity: diagnostic.severity, message: diagnostic.message, module: diagnostic.module,
            subject: diagnostic.subject, location: diagnostic.location, occurrences: 1 + diagnostic.otherOccurrences.count)
    }

    /// Removed and added modules whose files, relative to each module's directory, are the same non-empty list:
    /// one module renamed (and usually moved). Only one-to-one matches count.
    static func renames(baseOnly: Set<String>, headOnly: Set<String>, base: NamedGraph, head: NamedGraph) -> [String: String] {
        func signatures(_ names: Set<String>, _ graph: NamedGraph) -> [String: [String]] {
            var result: [String: [String]] = [:]
            for name in names {
                guard let module = graph.modules[name]?.module, !module.files.isEmpty else { continue }
                let prefix = module.path.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
                let relative = module.files.map { $0.hasPrefix(prefix) ? String($0.dropFirst(prefix.count)) : $0 }.sorted()
                result[relative.joined(separator: "\n"), default: []].append(name)
            }
            return result
        }
        let removed = signatures(baseOnly, base)
        let added = signatures(headOnly, head)
        var result: [String: String] = [:]
        for (signature, from) in removed where from.count == 1 {
            if let to = added[signature], to.count == 1 { result[from[0]] = to[0] }
        }
        return result
    }

    private struct EdgeKey: Hashable {
        var from: String
        var to: String
        var kind: ModuleEdgeKind
    }

    private struct ComponentSummary {
        var nodes: [String: ArchitectureDiff.ComponentChange] = [:]
        var edges: Set<ArchitectureDiff.ComponentEdgeChange> = []
        var requirements: [String: ArchitectureDiff.RequirementChange] = [:]
    }

    /// - Parameter moduleName: a module id → its name in the diff.
    private static func components(_ graph: ComponentGraph, moduleName: (String) -> String) -> ComponentSummary {
        var summary = ComponentSummary()
        var names: [String: String] = [:]
        for node in graph.nodes.sorted(by: { ($0.file, $0.line, $0.id) < ($1.file, $1.line, $1.id) }) {
            names[node.id] = node.name
            let module = node.module.map(moduleName)
            let key = node.name + "\u{0}" + (module ?? "")
            if summary.nodes[key] == nil {
                summary.nodes[key] = .init(
                    name: node.name, module: module,
                    location: SourceLocation(file: node.file, line: node.line, column: node.column))
            }
        }
        for edge in graph.edges {
            summary.edges.insert(.init(from: names[edge.from] ?? edge.from, to: names[edge.to] ?? edge.to))
        }
        let resolutions = graph.resolutions.sorted {
            ($0.component, $0.property, $0.provider ?? "") < ($1.component, $1.property, $1.provider ?? "")
        }
        for resolution in resolutions {
            let component = names[resolution.component] ?? resolution.component
            let key = [component, resolution.property, resolution.type].joined(separator: "\u{0}")
            let provider = resolution.provider.map { names[$0] ?? $0 }
            if summary.requirements[key] == nil {
                summary.requirements[key] = .init(
                    component: component, property: resolution.property, type: resolution.type, provider: provider)
            } else if provider == nil {
                // Unprovided in some Needle scope: reported as unprovided.
                summary.requirements[key]?.provider = nil
            }
        }
        return summary
    }

    /// The touched modules (changed, or at an end of a changed edge or a new finding's edge) and their direct
    /// neighbours on either side, touched ones first, within `DiffNeighbourhood`'s caps.
    static func neighbourhood(
        diff: ArchitectureDiff, base: NamedGraph, head: NamedGraph, rename: (String) -> String
    ) -> DiffNeighbourhood {
        var states: [EdgePair: DiffNeighbourhood.EdgeState] = [:]
        for edge in head.edges { states[EdgePair(from: edge.from, to: edge.to)] = .unchanged }
        for edge in diff.moduleEdges.removed where states[EdgePair(from: edge.from, to: edge.to)] == nil {
            states[EdgePair(from: edge.from, to: edge.to)] = .removed
        }
        // An edge is added when no kind of it existed before (a new import beside an old declaration is unchanged).
        let basePairs = Set(base.edges.map { EdgePair(from: rename($0.from), to: rename($0.to)) })
        for edge in diff.moduleEdges.added where !basePairs.contains(EdgePair(from: edge.from, to: edge.to)) {
            states[EdgePair(from: edge.from, to: edge.to)] = .added
        }
        var violations: Set<EdgePair> = []
        for finding in diff.findings.introduced where finding.subject.count >= 2 {
            // Module-edge rules name the edge by module ids.
            let pair = EdgePair(
                from: head.namesByID[finding.subject[0]] ?? finding.subject[0], to: head.namesByID[finding.subject[1]] ?? finding.subject[1])
            if states[pair] != nil { violations.insert(pair) }
        }

        var weight: [String: Int] = [:]
        for change in diff.modules.added { weight[change.name, default: 0] += 1 }
        for change in diff.modules.removed { weight[change.name, default: 0] += 1 }
        for change in diff.modules.renamed { weight[change.to, default: 0] += 1 }
        for change in diff.modules.kindChanged { weight[change.name, default: 0] += 1 }
        for (pair, state) in states where state != .unchanged || violations.contains(pair) {
            weight[pair.from, default: 0] += 1
            weight[pair.to, default: 0] += 1
        }
        let touched = weight.keys.sorted { (weight[$0]!, $1) > (weight[$1]!, $0) }
        var neighbours: Set<String> = []
        let touchedSet = Set(touched)
        for pair in states.keys {
            if touchedSet.contains(pair.from) { neighbours.insert(pair.to) }
            if touchedSet.contains(pair.to) { neighbours.insert(pair.from) }
        }
        let candidates = touched + neighbours.subtracting(touchedSet).sorted()
        let drawn = Array(candidates.prefix(DiffNeighbourhood.maximumNodes))
        let drawnSet = Set(drawn)
        let headNames = Set(head.modules.keys)
        let baseNames = Set(base.modules.keys.map(rename))
        let nodes = drawn.map { name in
            DiffNeighbourhood.Node(
                name: name, isTouched: touchedSet.contains(name),
                isAdded: headNames.contains(name) && baseNames.contains(name) ? nil : headNames.contains(name))
        }
        let candidateEdges = states.filter { drawnSet.contains($0.key.from) && drawnSet.contains($0.key.to) }
            .filter { touchedSet.contains($0.key.from) || touchedSet.contains($0.key.to) }
            .map { DiffNeighbourhood.Edge(from: $0.key.from, to: $0.key.to, state: $0.value, isNewViolation: violations.contains($0.key)) }
            .sorted { lhs, rhs in
                let left = lhs.state == .unchanged && !lhs.isNewViolation, right = rhs.state == .unchanged && !rhs.isNewViolation
                if left != right { return !left }
                return (lhs.from, lhs.to) < (rhs.from, rhs.to)
            }
        let relevantEdges = states.filter { touchedSet.contains($0.key.from) || touchedSet.contains($0.key.to) }.count
        let edges = Array(candidateEdges.prefix(DiffNeighbourhood.maximumEdges))
        return DiffNeighbourhood(
            nodes: nodes, edges: edges, omittedNodes: candidates.count - drawn.count, omittedEdges: relevantEdges - edges.count)
    }

    struct EdgePair: Hashable {
        var from: String
        var to: String
    }
}

/// A module graph under display names (a module's name, its id when names collide), without system frameworks
/// (external modules no package declares), with each module's kind and the graph's cycles.
struct NamedGraph {
    struct Entry {
        var module: Module
        var kind: ModuleKind
    }

    var modules: [String: Entry] = [:]
    /// Module id → display name.
    var namesByID: [String: String] = [:]
    var edges: [ArchitectureDiff.EdgeChange] = []
    /// Each strongly connected component of more than one module, members sorted.
    var cycles: [[String]] = []

    init(_ analysis: ArchitectureAnalysis) {
        let graph = analysis.moduleGraph
        let sharedNames = Set(Dictionary(grouping: graph.nodes, by: \.name).filter { $0.value.count > 1 }.keys)
        var names: [String: String] = [:]
        for module in graph.nodes where !(module.type == .external && module.package == nil) {
            let name = sharedNames.contains(module.name) ? module.id : module.name
            names[module.id] = name
            modules[name] = Entry(module: module, kind: analysis.classifier.kind(of: module))
        }
        namesByID = names
        var merged: [String: ArchitectureDiff.EdgeChange] = [:]
        for edge in graph.edges {
            guard let from = names[edge.from], let to = names[edge.to] else { continue }
            let key = "\(from)\u{0}\(to)\u{0}\(edge.kind.rawValue)"
            merged[key, default: .init(from: from, to: to, kind: edge.kind)].locations += edge.locations
        }
        edges = merged.values.map { edge in
            var edge = edge
            edge.locations = Array(Set(edge.locations)).sorted()
            return edge
        }.sorted()

        let order = modules.keys.sorted()
        let index = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
        var successors = [[Int]](repeating: [], count: order.count)
        for edge in edges where edge.from != edge.to {
            successors[index[edge.from]!].append(index[edge.to]!)
        }
        let components = StronglyConnectedComponents(successors: successors)
        var members = [[String]](repeating: [], count: components.count)
        for (node, component) in components.component.enumerated() { members[component].append(order[node]) }
        cycles = members.filter { $0.count > 1 }.map { $0.sorted() }
    }
}
