import NeedleFoundation

public protocol SharedDependency: Dependency {
    var cart: String { get }
}

public final class ShopComponent: Component<SharedDependency> {}
