import ArchlintModel

/// WorkspaceModel → ModuleGraph: resolves declared dependencies and imports to module nodes.
public enum ModuleGraphBuilder {
    public static func build(_ workspace: WorkspaceModel) -> ModuleGraph {
        ModuleGraph(nodes: workspace.modules)
    }
}
