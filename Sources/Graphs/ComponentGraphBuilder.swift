import ArchlintModel

/// WorkspaceModel → ComponentGraph: Needle components, parent → child edges and dependency resolution.
public enum ComponentGraphBuilder {
    public static func build(_ workspace: WorkspaceModel) -> ComponentGraph {
        build(NeedleAnalysis(workspace))
    }

    /// The graph of an analysis already made: nodes are the Needle components sorted by id (one per name, RIBs components
    /// left out), edges every `parent:` call site, resolutions every requirement along every root path.
    public static func build(_ analysis: NeedleAnalysis) -> ComponentGraph {
        let components = analysis.needleComponents.sorted { $0.name < $1.name }
        let nodes = components.map { component in
            ComponentNode(
                id: component.name, name: component.name, module: component.module,
                file: component.location.file, line: component.location.line, column: component.location.column,
                type: component.kind, dependency: component.dependency,
                provides: component.providers.map {
                    ProvidedProperty(name: $0.name, type: $0.type, file: $0.location.file, line: $0.location.line)
                })
        }
        let edges = NeedleResolver.edges(analysis)
        let roots = components.filter { $0.kind == .root }.map(\.name)
        let paths = NeedleResolver.paths(roots: roots, children: NeedleResolver.children(edges))
        return ComponentGraph(nodes: nodes, edges: edges, resolutions: NeedleResolver.resolve(analysis, paths: paths))
    }
}
