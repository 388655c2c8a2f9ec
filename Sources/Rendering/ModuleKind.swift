import ArchlintModel

extension ModuleKind {
    /// Legend text.
    var caption: String {
        switch self {
        case .app: "app / composition root"
        case .feature: "feature"
        case .interface: "feature interface"
        case .core: "core / shared"
        case .external: "external"
        case .test: "test"
        }
    }
}
