import NeedleFoundation

public protocol SharedDependency: Dependency {
    var legacyStore: String { get }
}

public final class LegacyComponent: Component<SharedDependency> {}
