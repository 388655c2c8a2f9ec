import RIBs

public protocol ChildDependency: Dependency {
    var greeting: String { get }
}

final class ChildComponent: Component<ChildDependency> {
    var title: String {
        dependency.greeting
    }
}

public protocol ChildListener: AnyObject {}

public protocol ChildBuildable: Buildable {
    func build(withListener listener: ChildListener) -> ViewableRouting
}

public final class ChildBuilder: Builder<ChildDependency>, ChildBuildable {
    public override init(dependency: ChildDependency) {
        super.init(dependency: dependency)
    }

    public func build(withListener listener: ChildListener) -> ViewableRouting {
        let component = ChildComponent(dependency: dependency)
        let viewController = ChildViewController(title: component.title)
        let interactor = ChildInteractor(presenter: viewController)
        interactor.listener = listener
        return ChildRouter(interactor: interactor, viewController: viewController)
    }
}
