import CartFeature
import RIBs

protocol HomeRouting: AnyObject {
    func routeToCart()
}

final class HomeRouter: HomeRouting {
    private let interactor: HomeInteractor
    private let bannerBuilder: BannerBuilder

    init(interactor: HomeInteractor, bannerBuilder: BannerBuilder) {
        self.interactor = interactor
        self.bannerBuilder = bannerBuilder
    }

    func routeToCart() {
        // Shortcut: reads the cart's implementation instead of going through CartInterface.
        print("cart holds at most \(CartViewController.maximumItems) items")
    }
}

final class HomeInteractor {
    func didTapCart(router: HomeRouting) {
        router.routeToCart()
    }
}
