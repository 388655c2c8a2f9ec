import NeedleFoundation
import Services

public protocol CheckoutDependency: Dependency {
    var apiClient: APIClient { get }
    var cart: CartStore { get }
}

public final class CheckoutComponent: Component<CheckoutDependency> {
    #if DEBUG
    var debugMenu: DebugMenuComponent {
        DebugMenuComponent(parent: self)
    }
    #endif
}

protocol DebugMenuDependency: Dependency {
    var cart: CartStore { get }
}

final class DebugMenuComponent: Component<DebugMenuDependency> {}
