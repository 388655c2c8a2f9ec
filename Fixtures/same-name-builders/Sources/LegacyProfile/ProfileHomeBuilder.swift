import RIBs

public protocol LegacyProfileHomeDependency: Dependency {
    var legacyStore: String { get }
}

final class ProfileHomeComponent: Component<LegacyProfileHomeDependency> {}

public final class ProfileHomeBuilder: Builder<LegacyProfileHomeDependency> {
    public func build() -> ViewableRouting {
        let component = ProfileHomeComponent(dependency: dependency)
        return LegacyProfileRouter(component: component)
    }
}
