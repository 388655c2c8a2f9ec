import ArchlintModel

/// WorkspaceModel → ComponentGraph: Needle components, parent → child edges and dependency resolution.
public enum ComponentGraphBuilder {
    public static func build(_ workspace: WorkspaceModel) -> ComponentGraph {
        ComponentGraph()
    }
}
