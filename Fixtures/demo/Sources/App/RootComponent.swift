import CartFeature
import HomeFeature
import NeedleFoundation
import NetworkCore

/// The composition root: provides the app-wide services to every feature's component.
final class RootComponent: BootstrapComponent {
    public var apiClient: APIClient {
        shared { APIClient() }
    }

    var cart: CartComponent {
        CartComponent(parent: self)
    }
}
