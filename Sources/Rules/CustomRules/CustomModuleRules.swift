import ArchlintModel
import Graphs

/// `forbidden:`, `allowed:` and `required:` over the module graph, dependency-cruiser style. Plain rules look
/// at each edge once (linear in the graph); `reachable` walks from each `from` module.
struct CustomModuleRules {
    private let context: LintContext
    private let graph: ModuleGraph
    private let index: ModuleGraphIndex
    /// Module id → its strongly connected component, for `circular`.
    private let componentOf: [String: Int]
    private let componentSizes: [Int]
    private let successors: [String: [ModuleEdge]]

    init(_ context: LintContext) {
        self.context = context
        graph = context.moduleGraph
        index = context.moduleIndex
        let ids = graph.nodes.map(\.id)
        let position = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var adjacency = Array(repeating: [Int](), count: ids.count)
        var successors: [String: [ModuleEdge]] = [:]
        for edge in graph.edges {
            successors[edge.from, default: []].append(edge)
            if let from = position[edge.from], let to = position[edge.to] { adjacency[from].append(to) }
        }
        let components = StronglyConnectedComponents(successors: adjacency)
        var componentOf: [String: Int] = [:]
        for (id, number) in zip(ids, components.component) { componentOf[id] = number }
        var sizes = Array(repeating: 0, count: components.count)
        for number in components.component { sizes[number] += 1 }
        self.componentOf = componentOf
        componentSizes = sizes
        self.successors = successors
    }

    // MARK: forbidden

    func forbidden(_ rule: ModuleRule, _ modules: inout CustomRuleModules, _ severity: Severity) -> [Diagnostic] {
        if rule.to.reachable == true { return reachable(rule, &modules, severity) }
        if rule.to.reachable == false { return unreachable(rule, &modules, severity) }
        var diagnostics: [Diagnostic] = []
        let capturing = CustomRuleModules.usesCaptures(rule.to)
        let sources = modules.matchingIDs(rule.from, filesAreLocations: true)
        let targets = capturing ? [] : modules.matchingIDs(rule.to, filesAreLocations: false)
        for edge in graph.edges where sources.contains(edge.from) {
            guard let from = modules.byID[edge.from], let to = modules.byID[edge.to] else { continue }
            if capturing {
                let target = CustomRuleModules.substituting(rule.to, modules.captures(rule.from.module, from.module.name))
                guard modules.matches(target, to, filesAreLocations: false) else { continue }
            } else if !targets.contains(edge.to) {
                continue
            }
            if rule.to.circular == true {
                guard isOnCycle(edge), passesVia(rule.to.via, componentOf: edge.from, &modules) else { continue }
            } else if rule.to.circular == false, isOnCycle(edge) {
                continue
            }
            let advice = rule.comment ?? "custom rule '\(rule.name)' forbids this dependency: remove it, or change the rule"
            let cycle = rule.to.circular == true ? ", on a dependency cycle" : ""
            diagnostics += edgeDiagnostics(
                edge, ruleID: CustomRules.ruleID(rule.name), severity: severity, from: rule.from, &modules,
                message: "\(ModuleEdgeWording.describe(edge, index))\(cycle) (custom rule '\(rule.name)'): \(advice)")
        }
        return diagnostics
    }

    /// Every module matching `to` that a `from` module reaches (through `via` when given): one finding per pair,
    /// at the first edge of a shortest path.
    private func reachable(_ rule: ModuleRule, _ modules: inout CustomRuleModules, _ severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for start in graph.nodes {
            guard let facts = modules.byID[start.id], modules.matches(rule.from, facts, filesAreLocations: false) else { continue }
            // Breadth-first over (module, passed via yet); the first edge of each path is carried along.
            let needsVia = rule.to.via != nil
            var seen: Set<String> = [start.id + (needsVia ? "|0" : "|1")]
            var queue: [(id: String, passed: Bool, first: ModuleEdge?, path: [String])] = [(start.id, !needsVia, nil, [start.name])]
            var head = 0
            var reported: Set<String> = []
            while head < queue.count {
                let current = queue[head]
                head += 1
                for edge in successors[current.id] ?? [] {
                    guard let target = modules.byID[edge.to] else { continue }
                    let passed = current.passed || (rule.to.via ?? []).contains { modules.matches($0, target, filesAreLocations: false) }
                    let key = edge.to + (passed ? "|1" : "|0")
                    guard seen.insert(key).inserted else { continue }
                    let first = current.first ?? edge
                    let path = current.path + [target.module.name]
                    queue.append((edge.to, passed, first, path))
                    guard passed, edge.to != start.id, !reported.contains(edge.to),
                          modules.matches(rule.to, target, filesAreLocations: false)
                    else { continue }
                    reported.insert(edge.to)
                    let advice = rule.comment ?? "custom rule '\(rule.name)' forbids this dependency, direct or not: break the path, or change the rule"
                    let message = "'\(start.name)' reaches '\(target.module.name)' (\(path.joined(separator: " → "))) "
                        + "(custom rule '\(rule.name)'): \(advice)"
                    // At every import and manifest line of the first hop.
                    for hop in (successors[start.id] ?? []) where hop.to == first.to {
                        diagnostics += edgeDiagnostics(
                            hop, ruleID: CustomRules.ruleID(rule.name), severity: severity, from: ModuleSelector(), &modules,
                            target: edge.to, message: message)
                    }
                }
            }
        }
        return diagnostics
    }

    /// Every module matching `to` that no `from` module reaches: one finding at its declaration.
    private func unreachable(_ rule: ModuleRule, _ modules: inout CustomRuleModules, _ severity: Severity) -> [Diagnostic] {
        var reached: Set<String> = []
        var queue: [String] = []
        for node in graph.nodes {
            guard let facts = modules.byID[node.id], modules.matches(rule.from, facts, filesAreLocations: false) else { continue }
            if reached.insert(node.id).inserted { queue.append(node.id) }
        }
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for edge in successors[current] ?? [] where reached.insert(edge.to).inserted { queue.append(edge.to) }
        }
        var diagnostics: [Diagnostic] = []
        for node in graph.nodes where !reached.contains(node.id) {
            guard let facts = modules.byID[node.id], !facts.isExternal,
                  modules.matches(rule.to, facts, filesAreLocations: false),
                  let location = declaration(of: node)
            else { continue }
            let advice = rule.comment ?? "custom rule '\(rule.name)' expects every such module to be reachable: depend on it, or delete it"
            diagnostics.append(Diagnostic(
                rule: CustomRules.ruleID(rule.name), severity: severity,
                message: "'\(node.name)' is not reachable from any module the rule starts from (custom rule '\(rule.name)'): \(advice)",
                location: location, module: node.name, subject: [node.id]))
        }
        return diagnostics
    }

    // MARK: allowed

    /// Edges (and their locations) that no `allowed:` entry allows.
    func notAllowed(_ rules: [ModuleRule], _ modules: inout CustomRuleModules, _ severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let sources = rules.map { modules.matchingIDs($0.from, filesAreLocations: true) }
        let targets = rules.map { CustomRuleModules.usesCaptures($0.to) ? nil : modules.matchingIDs($0.to, filesAreLocations: false) }
        for edge in graph.edges {
            guard let from = modules.byID[edge.from], let to = modules.byID[edge.to] else { continue }
            let allowing = rules.indices.filter { index in
                guard sources[index].contains(edge.from) else { return false }
                if let targets = targets[index] { return targets.contains(edge.to) }
                let rule = rules[index]
                let target = CustomRuleModules.substituting(rule.to, modules.captures(rule.from.module, from.module.name))
                return modules.matches(target, to, filesAreLocations: false)
            }.map { rules[$0] }
            let locations = edge.locations.filter { location in
                !allowing.contains { modules.pathMatches($0.from, location.file) }
            }
            guard !locations.isEmpty else { continue }
            var remaining = edge
            remaining.locations = locations
            diagnostics += edgeDiagnostics(
                remaining, ruleID: CustomRules.notInAllowedID, severity: severity, from: ModuleSelector(), &modules,
                message: "\(ModuleEdgeWording.describe(edge, index)), which no `allowed:` entry allows: remove the "
                    + "dependency, or add an entry that allows it")
        }
        return diagnostics
    }

    // MARK: required

    func required(_ rule: ModuleRule, _ modules: inout CustomRuleModules, _ severity: Severity) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for node in graph.nodes {
            guard let facts = modules.byID[node.id], !facts.isExternal,
                  modules.matches(rule.from, facts, filesAreLocations: false)
            else { continue }
            let satisfied = (successors[node.id] ?? []).contains { edge in
                modules.byID[edge.to].map { modules.matches(rule.to, $0, filesAreLocations: false) } ?? false
            }
            guard !satisfied, let location = declaration(of: node) else { continue }
            let advice = rule.comment ?? "add the dependency, or change the rule"
            diagnostics.append(Diagnostic(
                rule: CustomRules.ruleID(rule.name), severity: severity,
                message: "'\(node.name)' depends on no module that custom rule '\(rule.name)' requires: \(advice)",
                location: location, module: node.name, subject: [node.id]))
        }
        return diagnostics
    }

    // MARK: Support

    private func isOnCycle(_ edge: ModuleEdge) -> Bool {
        guard let from = componentOf[edge.from], componentOf[edge.to] == from else { return false }
        return componentSizes[from] > 1 || edge.from == edge.to
    }

    /// `via` of a circular rule: the cycle's component holds a module matching it.
    private func passesVia(_ via: [ModuleSelector]?, componentOf id: String, _ modules: inout CustomRuleModules) -> Bool {
        guard let via, let component = componentOf[id] else { return true }
        for node in graph.nodes where componentOf[node.id] == component {
            guard let facts = modules.byID[node.id] else { continue }
            if via.contains(where: { modules.matches($0, facts, filesAreLocations: false) }) { return true }
        }
        return false
    }

    /// Where a module is declared (its target in a manifest or project), else its first file.
    private func declaration(of module: Module) -> SourceLocation? {
        context.workspace.declarationLocation(of: module) ?? module.files.first.map { SourceLocation(file: $0, line: 1, column: 1) }
    }

    /// One diagnostic per location of `edge` whose file `selector`'s `path`/`pathNot` accept, with the import-rule
    /// subject `[from, to, written name]` so the edge is coloured in every picture.
    private func edgeDiagnostics(
        _ edge: ModuleEdge, ruleID: String, severity: Severity, from selector: ModuleSelector,
        _ modules: inout CustomRuleModules, target: String? = nil, message: String
    ) -> [Diagnostic] {
        edge.locations.filter { modules.pathMatches(selector, $0.file) }.map { location in
            Diagnostic(
                rule: ruleID, severity: severity, message: message, location: location,
                module: index.name(of: edge.from),
                subject: [edge.from, target ?? edge.to, ModuleEdgeWording.writtenName(of: edge, at: location, context, index)])
        }
    }
}
