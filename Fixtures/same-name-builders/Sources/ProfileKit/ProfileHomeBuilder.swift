import RIBs

public protocol ProfileHomeDependency: Dependency {
    var session: String { get }
}

final class ProfileHomeComponent: Component<ProfileHomeDependency> {}

public final class ProfileHomeBuilder: Builder<ProfileHomeDependency> {
    public func build() -> ViewableRouting {
        let component = ProfileHomeComponent(dependency: dependency)
        return ProfileRouter(component: component)
    }
}
