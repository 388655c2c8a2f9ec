import CartInterface
import RIBs

protocol BannerDependency: Dependency {
    var cartBuilder: CartBuildable { get }
}

final class BannerComponent: Component<BannerDependency> {}

final class BannerBuilder: Builder<BannerDependency> {
    override init(dependency: BannerDependency) {
        super.init(dependency: dependency)
    }
}
