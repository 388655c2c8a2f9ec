import ArchlintModel

/// Colours, shapes and fonts shared by the DOT and Mermaid writers. One place, so the legend never lies.
enum GraphStyle {
    static let font = "Helvetica,Arial,sans-serif"
    /// A finding's colour by its severity (`Severity.color`): errors red, warnings amber, notes grey (lighter
    /// than a plain edge's grey, and always with a label).
    static let violation = Severity.error.color

    static func color(_ severity: Severity) -> String { severity.color }
    static let edge = "#57606a"
    static let clusterBorder = "#8c959f"
    static let externalClusterBorder = "#c0c6cc"

    struct NodeLook {
        var shape: String
        var style: String
        var fill: String
        var border: String
    }

    static func look(_ kind: ModuleKind) -> NodeLook {
        switch kind {
        case .app: NodeLook(shape: "house", style: "filled", fill: "#ffd8a8", border: "#9a6700")
        case .feature: NodeLook(shape: "box", style: "rounded,filled", fill: "#cfe2ff", border: "#0550ae")
        case .interface: NodeLook(shape: "component", style: "filled", fill: "#d3f4d1", border: "#1a7f37")
        case .core: NodeLook(shape: "box", style: "filled", fill: "#eaeef2", border: "#57606a")
        case .external: NodeLook(shape: "ellipse", style: "dashed,filled", fill: "#ffffff", border: "#8c959f")
        case .test: NodeLook(shape: "note", style: "filled", fill: "#fff8c5", border: "#9a6700")
        }
    }

    static func look(_ kind: ComponentKindStyle) -> NodeLook {
        switch kind {
        case .root: NodeLook(shape: "box", style: "filled,bold", fill: "#ffd8a8", border: "#9a6700")
        case .component: NodeLook(shape: "box", style: "rounded,filled", fill: "#cfe2ff", border: "#0550ae")
        case .nonCore: NodeLook(shape: "box", style: "rounded,filled,dashed", fill: "#eaeef2", border: "#57606a")
        case .pluginized: NodeLook(shape: "component", style: "filled", fill: "#e9d8fd", border: "#6639ba")
        }
    }
}

/// Component node kinds as drawn (mirrors `ComponentType`).
enum ComponentKindStyle: String, CaseIterable {
    case root, component, nonCore = "non-core", pluginized

    var caption: String {
        switch self {
        case .root: "root (BootstrapComponent)"
        case .component: "component"
        case .nonCore: "non-core component"
        case .pluginized: "pluginized component"
        }
    }
}
