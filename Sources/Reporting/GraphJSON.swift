import ArchlintModel
import Graphs
import Rendering

/// The graph JSON contracts of `archlint graph --format json` (field names are fixed; other tools parse them).
/// Keys are written in contract order; optional fields are explicit `null`.
public enum GraphJSON {
    /// With `metrics`, each node ends with `metrics`: its `ArchitectureMetrics` (fan-in, fan-out, instability,
    /// abstractness, distance, types, protocols, files, lines, components), `null` for externals (not measured).
    public static func modules(_ graph: ModuleGraph, metrics: [String: ModuleMetrics]? = nil) -> String {
        JSONValue.object([
            ("kind", .string("modules")),
            ("nodes", .array(graph.nodes.map { module in
                guard let metrics else { return node(module) }
                return node(module, metrics: metrics[module.id])
            })),
            ("edges", .array(graph.edges.map(edge))),
        ]).rendered() + "\n"
    }

    public static func components(_ graph: ComponentGraph) -> String {
        JSONValue.object([
            ("kind", .string("components")),
            ("nodes", .array(graph.nodes.map(node))),
            ("edges", .array(graph.edges.map(edge))),
            ("resolutions", .array(graph.resolutions.map(resolution))),
        ]).rendered() + "\n"
    }

    /// The layer overview (`archlint graph --kind layers --format json`); see docs/internals.md.
    public static func layers(_ overview: LayerOverview) -> String {
        JSONValue.object([
            ("kind", .string("layers")),
            ("grouping", .string(overview.byLayer ? "layers" : "packages")),
            ("groups", .array(overview.groups.map { group in
                .object([
                    ("key", .string(group.key)),
                    ("label", .string(group.label)),
                    ("kind", .string(group.kind.rawValue)),
                    ("nodes", .strings(group.nodes)),
                ])
            })),
            ("nodes", .array(overview.nodes.map { node in
                .object([
                    ("id", .string(node.id)),
                    ("name", .string(node.name)),
                    ("label", .string(node.label)),
                    ("kind", .string(node.kind.rawValue)),
                    ("group", .string(node.group)),
                    ("modules", .strings(node.modules)),
                    ("focusModule", .optional(node.focusModule)),
                    ("anchor", .optional(node.anchor)),
                    ("internalEdges", .int(node.internalEdges)),
                    ("internalViolations", .int(node.internalViolations)),
                ])
            })),
            ("edges", .array(overview.edges.map { edge in
                .object([
                    ("from", .string(edge.from)),
                    ("to", .string(edge.to)),
                    ("moduleEdges", .int(edge.moduleEdges)),
                    ("violations", .int(edge.violations)),
                    ("violatingModuleEdges", .array(edge.violatingModuleEdges.map {
                        .object([("from", .string($0.from)), ("to", .string($0.to))])
                    })),
                ])
            })),
            ("hidden", .object([("tests", .int(overview.hiddenTests)), ("externals", .int(overview.hiddenExternals))])),
        ]).rendered() + "\n"
    }

    private static func node(_ module: Module, metrics: ModuleMetrics?) -> JSONValue {
        guard case .object(let members) = node(module) else { return node(module) }
        return .object(members + [("metrics", metrics.map { .object(MetricsReport.members($0.metrics)) } ?? .null)])
    }

    private static func node(_ module: Module) -> JSONValue {
        var members: [(key: String, value: JSONValue)] = [
            ("id", .string(module.id)),
            ("name", .string(module.name)),
            ("package", .optional(module.package)),
            ("manifest", .optional(module.manifest)),
            ("project", .optional(module.project)),
            ("type", .string(module.type.rawValue)),
            ("path", .optional(module.path)),
            ("files", .int(module.files.count)),
        ]
        if module.unresolved { members.append(("unresolved", .bool(true))) }
        return .object(members)
    }

    private static func edge(_ edge: ModuleEdge) -> JSONValue {
        .object([
            ("from", .string(edge.from)),
            ("to", .string(edge.to)),
            ("kind", .string(edge.kind.rawValue)),
            ("condition", .optional(edge.condition)),
            ("locations", .array(edge.locations.map {
                .object([("file", .string($0.file)), ("line", .int($0.line)), ("column", .int($0.column))])
            })),
        ])
    }

    // Component nodes, edges and resolutions end with `scope` (the app's module id, or the library root or
    // module) when the graph has several Needle scopes; with one it is left out, as before scopes existed.

    private static func node(_ component: ComponentNode) -> JSONValue {
        .object([
            ("id", .string(component.id)),
            ("name", .string(component.name)),
            ("module", .optional(component.module)),
            ("file", .string(component.file)),
            ("line", .int(component.line)),
            ("type", .string(component.type.rawValue)),
            ("dependency", .optional(component.dependency)),
            ("provides", .array(component.provides.map { .object([("name", .string($0.name)), ("type", .string($0.type))]) })),
        ] + scope(component.scope))
    }

    private static func edge(_ edge: ComponentEdge) -> JSONValue {
        .object([
            ("from", .string(edge.from)),
            ("to", .string(edge.to)),
            ("kind", .string(edge.kind)),
            ("file", .string(edge.file)),
            ("line", .int(edge.line)),
            ("condition", .optional(edge.condition)),
        ] + scope(edge.scope))
    }

    private static func resolution(_ resolution: DependencyResolution) -> JSONValue {
        .object([
            ("component", .string(resolution.component)),
            ("path", .strings(resolution.path)),
            ("property", .string(resolution.property)),
            ("type", .string(resolution.type)),
            ("provider", .optional(resolution.provider)),
        ] + scope(resolution.scope))
    }

    private static func scope(_ scope: String?) -> [(key: String, value: JSONValue)] {
        scope.map { [("scope", .string($0))] } ?? []
    }
}
