import ProfileKit
import RIBs

public protocol HomeDependency: Dependency {
    var session: String { get }
}

final class HomeComponent: Component<HomeDependency> {
    var session: String { dependency.session }
}

extension HomeComponent: ProfileHomeDependency {}

public final class HomeBuilder: Builder<HomeDependency> {
    public func build() -> ViewableRouting {
        let component = HomeComponent(dependency: dependency)
        let profile = ProfileHomeBuilder(dependency: component)
        return HomeRouter(profile: profile)
    }
}
