import Checkout
import NeedleFoundation
import Services

public protocol CatalogDependency: Dependency {
    var apiClient: APIClient { get }
    var analytics: AnalyticsTracking { get }
}

public final class CatalogComponent: Component<CatalogDependency> {
    public var cart: CartStore {
        shared { CartStore() }
    }

    public var checkout: CheckoutComponent {
        Checkout.CheckoutComponent(parent: self)
    }
}
