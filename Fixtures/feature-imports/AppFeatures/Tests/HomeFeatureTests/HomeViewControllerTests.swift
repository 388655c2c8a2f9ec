import XCTest
import GachaInterface
import ShopInterface
@testable import HomeFeature

private struct FakeGachaBuilder: GachaBuildable {
    func build(bannerID: String) -> UIViewController { UIViewController() }
}

private struct FakeShopBuilder: ShopBuildable {
    func build() -> UIViewController { UIViewController() }
}

final class HomeViewControllerTests: XCTestCase {
    func testOpensTheInjectedGachaScreen() {
        let home = HomeViewController(gachaBuilder: FakeGachaBuilder(), shopBuilder: FakeShopBuilder())
        home.openBanner("summer")
    }
}
