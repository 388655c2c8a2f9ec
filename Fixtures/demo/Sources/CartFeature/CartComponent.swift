import CartInterface
import NeedleFoundation
import NetworkCore

public protocol CartDependency: Dependency {
    var apiClient: APIClient { get }
    var paymentService: PaymentService { get }
}

public final class CartComponent: Component<CartDependency>, CartBuildable {
    public func makeCartScreen() -> AnyObject {
        CartViewController(api: dependency.apiClient, payments: dependency.paymentService)
    }
}

public final class CartViewController {
    public static let maximumItems = 20

    init(api: APIClient, payments: PaymentService) {}
}
