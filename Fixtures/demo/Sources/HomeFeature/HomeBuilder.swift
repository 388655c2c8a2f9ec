import CartInterface
import HomeInterface
import RIBs

public protocol HomeDependency: Dependency {
    var cartBuilder: CartBuildable { get }
}

final class HomeComponent: Component<HomeDependency> {
    var cartBuilder: CartBuildable {
        dependency.cartBuilder
    }
}

public final class HomeBuilder: Builder<HomeDependency>, HomeBuildable {
    public override init(dependency: HomeDependency) {
        super.init(dependency: dependency)
    }

    public func makeHomeScreen() -> AnyObject {
        let component = HomeComponent(dependency: dependency)
        let bannerBuilder = BannerBuilder(dependency: component)
        return HomeRouter(interactor: HomeInteractor(), bannerBuilder: bannerBuilder)
    }
}
