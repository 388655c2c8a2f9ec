import ArchlintModel

/// WorkspaceModel → ComponentGraph: Needle components, parent → child edges and dependency resolution, per
/// Needle scope (see `NeedleScopes`).
public enum ComponentGraphBuilder {
    /// The workspace as one scope (no module graph: no app closures).
    public static func build(_ workspace: WorkspaceModel) -> ComponentGraph {
        build(NeedleAnalysis(workspace))
    }

    /// One scope per app when the workspace has app modules.
    public static func build(_ workspace: WorkspaceModel, moduleGraph: ModuleGraph) -> ComponentGraph {
        build(NeedleScopes(workspace, moduleGraph: moduleGraph))
    }

    /// The graph of an analysis already made, as one scope.
    public static func build(_ analysis: NeedleAnalysis) -> ComponentGraph {
        build(NeedleScopes(single: analysis))
    }

    /// Every scope's graph, concatenated. Nodes are the Needle components sorted by id (one per name and scope,
    /// RIBs components left out), edges every `parent:` call site, resolutions every requirement along every
    /// root path. With several scopes, node ids are `scope::Name`, edges join those ids, and nodes, edges and
    /// resolutions carry `scope`; resolutions name components as needle does (`component`, `path`, `provider`
    /// are names). With one scope, ids are the names and `scope` is nil.
    public static func build(_ scopes: NeedleScopes) -> ComponentGraph {
        let multiple = scopes.isMultiple
        var graph = ComponentGraph()
        for scope in scopes.scopes {
            let part = build(scope, scopeName: multiple ? scope.name : nil)
            graph.nodes += part.nodes
            graph.edges += part.edges
            graph.resolutions += part.resolutions
        }
        graph.nodes.sort { $0.id < $1.id }
        return graph
    }

    static func build(_ scope: NeedleScope, scopeName: String?) -> ComponentGraph {
        let analysis = scope.analysis
        let components = scope.components.sorted { $0.name < $1.name }
        let nodes = components.map { component in
            ComponentNode(
                id: NeedleScopes.nodeID(component.name, scope: scopeName), name: component.name,
                module: component.module,
                file: component.location.file, line: component.location.line, column: component.location.column,
                type: component.kind, dependency: component.dependency,
                provides: component.providers.filter { scope.providerRule.provides($0.visibility) }.map {
                    ProvidedProperty(name: $0.name, type: $0.type, file: $0.location.file, line: $0.location.line)
                },
                scope: scopeName)
        }
        let edges = NeedleResolver.edges(analysis).filter { scope.contains($0.from) && scope.contains($0.to) }
        let roots = scope.roots ?? components.filter { $0.kind == .root }.map(\.name)
        let paths = NeedleResolver.paths(roots: roots, children: NeedleResolver.children(edges))
        var resolutions = NeedleResolver.resolve(analysis, paths: paths, rule: scope.providerRule)
        if scope.members != nil { resolutions = resolutions.filter { scope.contains($0.component) } }
        guard let scopeName else { return ComponentGraph(nodes: nodes, edges: edges, resolutions: resolutions) }
        return ComponentGraph(
            nodes: nodes,
            edges: edges.map { edge in
                var edge = edge
                edge.from = NeedleScopes.nodeID(edge.from, scope: scopeName)
                edge.to = NeedleScopes.nodeID(edge.to, scope: scopeName)
                edge.scope = scopeName
                return edge
            },
            resolutions: resolutions.map { resolution in
                var resolution = resolution
                resolution.scope = scopeName
                return resolution
            })
    }
}
