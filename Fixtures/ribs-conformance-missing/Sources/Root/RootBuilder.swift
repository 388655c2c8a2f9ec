import Child
import RIBs

public protocol RootDependency: Dependency {
    var greeting: String { get }
}

final class RootComponent: Component<RootDependency> {
    var greeting: String {
        dependency.greeting
    }
}

public protocol RootBuildable: Buildable {
    func build() -> LaunchRouting
}

public final class RootBuilder: Builder<RootDependency>, RootBuildable {
    public override init(dependency: RootDependency) {
        super.init(dependency: dependency)
    }

    public func build() -> LaunchRouting {
        let component = RootComponent(dependency: dependency)
        let viewController = RootViewController()
        let interactor = RootInteractor(presenter: viewController)
        let childBuilder = ChildBuilder(dependency: component)
        return RootRouter(interactor: interactor, viewController: viewController, childBuilder: childBuilder)
    }
}
