import ArchlintModel

/// Every root → component path of the parent → child graph.
public struct ComponentPaths: Sendable {
    /// Component name → its paths (root first, the component last), sorted, unique.
    public var paths: [String: [[String]]]
    /// True when enumeration stopped at `NeedleResolver.maximumPaths`; later paths are missing.
    public var isTruncated: Bool
}

/// Needle's dependency resolution, over every root → component path.
public enum NeedleResolver {
    /// A guard against combinatorial explosion in pathological graphs (never reached by real apps).
    public static let maximumPaths = 500_000

    /// Parent → child edges between Needle components: one per `parent:` call site, plus the implicit link
    /// from a pluginized component to its non-core component (`kind: "non-core"`).
    public static func edges(_ analysis: NeedleAnalysis) -> [ComponentEdge] {
        var edges: [ComponentEdge] = []
        for instantiation in analysis.instantiations {
            guard let parent = instantiation.parent, analysis.componentsByName[instantiation.child] != nil else { continue }
            edges.append(ComponentEdge(
                from: parent, to: instantiation.child, kind: "parent", file: instantiation.location.file,
                line: instantiation.location.line, column: instantiation.location.column,
                condition: instantiation.condition))
        }
        for component in analysis.needleComponents where component.kind == .pluginized {
            guard let nonCore = component.nonCoreComponent, analysis.componentsByName[nonCore] != nil else { continue }
            edges.append(ComponentEdge(
                from: component.name, to: nonCore, kind: "non-core", file: component.location.file,
                line: component.location.line, column: component.location.column, condition: component.condition))
        }
        return Array(Set(edges)).sorted {
            ($0.from, $0.to, $0.file, $0.line, $0.column, $0.condition ?? "")
                < ($1.from, $1.to, $1.file, $1.line, $1.column, $1.condition ?? "")
        }
    }

    /// Children by parent, unique and sorted.
    public static func children(_ edges: [ComponentEdge]) -> [String: [String]] {
        var children: [String: Set<String>] = [:]
        for edge in edges { children[edge.from, default: []].insert(edge.to) }
        return children.mapValues { $0.sorted() }
    }

    /// Depth-first from every root; a component already on the current path is not entered again, so
    /// cycles end enumeration instead of looping.
    public static func paths(roots: [String], children: [String: [String]]) -> ComponentPaths {
        var result: [String: [[String]]] = [:]
        var count = 0
        var truncated = false
        var path: [String] = []
        var onPath: Set<String> = []

        func visit(_ node: String) {
            guard !truncated else { return }
            if count >= maximumPaths {
                truncated = true
                return
            }
            path.append(node)
            onPath.insert(node)
            result[node, default: []].append(path)
            count += 1
            for child in children[node] ?? [] where !onPath.contains(child) {
                visit(child)
            }
            onPath.remove(node)
            path.removeLast()
        }

        for root in roots.sorted() { visit(root) }
        return ComponentPaths(
            paths: result.mapValues { Array(Set($0)).sorted { $0.lexicographicallyPrecedes($1) } },
            isTruncated: truncated)
    }

    /// Resolves every requirement of every component's Dependency protocol along every path: nearest ancestor
    /// first, never the component itself, same name and same canonical type. Pluginized ancestors also offer
    /// their plugin extension's properties, or their non-core component's when the path runs through a
    /// non-core component (as needle's generator does). A property provides as the app's needle reads it (`rule`).
    public static func resolve(
        _ analysis: NeedleAnalysis, paths: ComponentPaths, rule: NeedleProviderRule
    ) -> [DependencyResolution] {
        let nonCoreNames = Set(analysis.needleComponents.filter { $0.kind == .nonCore }.map(\.name))
        var resolutions: [DependencyResolution] = []
        for component in analysis.needleComponents.sorted(by: { $0.name < $1.name }) where component.kind != .root {
            guard let dependencyName = component.dependency,
                  let dependency = analysis.dependencyProtocol(of: component) else { continue }
            for path in paths.paths[component.name] ?? [] {
                let throughNonCore = path.contains { nonCoreNames.contains($0) }
                for requirement in dependency.requirements {
                    let provider = path.dropLast().reversed().first { ancestor in
                        provides(ancestor, requirement, for: dependencyName, throughNonCore: throughNonCore, rule: rule, analysis)
                    }
                    resolutions.append(DependencyResolution(
                        component: component.name, path: path, property: requirement.name, type: requirement.type,
                        provider: provider))
                }
            }
        }
        return resolutions
    }

    /// Whether `ancestor` satisfies `requirement` on a path.
    static func provides(
        _ ancestor: String, _ requirement: DependencyRequirement, for dependencyName: String, throughNonCore: Bool,
        rule: NeedleProviderRule, _ analysis: NeedleAnalysis
    ) -> Bool {
        guard let component = analysis.componentsByName[ancestor] else { return false }
        if component.providers.contains(where: { $0.matches(requirement, rule) }) { return true }
        guard component.kind == .pluginized else { return false }
        if throughNonCore {
            guard let nonCoreName = component.nonCoreComponent, let nonCore = analysis.componentsByName[nonCoreName],
                  nonCore.dependency != dependencyName else { return false }
            return nonCore.providers.contains { $0.matches(requirement, rule) }
        }
        guard let extensionName = component.pluginExtension, component.dependency != dependencyName else { return false }
        return analysis.pluginExtensionProperties(extensionName).contains { $0.matches(requirement) }
    }
}

extension ComponentProvider {
    /// Provides the requirement for the app's needle: same name and type, and a property that needle takes.
    func matches(_ requirement: DependencyRequirement, _ rule: NeedleProviderRule) -> Bool {
        rule.provides(visibility) && sameNameAndType(requirement)
    }

    /// Same name and type, whether needle takes the property or not.
    public func sameNameAndType(_ requirement: DependencyRequirement) -> Bool {
        name == requirement.name && canonicalType == requirement.canonicalType
    }
}

extension DependencyRequirement {
    func matches(_ requirement: DependencyRequirement) -> Bool {
        name == requirement.name && canonicalType == requirement.canonicalType
    }
}

extension NeedleAnalysis {
    /// The properties a PluginExtension protocol declares (its own and inherited ones).
    public func pluginExtensionProperties(_ name: String) -> [DependencyRequirement] {
        guard let declaration = types.protocols(named: name).first else { return [] }
        return requirements(ofProtocol: declaration)
    }
}
