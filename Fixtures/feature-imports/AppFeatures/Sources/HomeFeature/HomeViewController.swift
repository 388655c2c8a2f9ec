import UIKit
import GachaInterface
import ShopInterface
#if DEBUG
import GachaFeature
#endif

public final class HomeViewController: UIViewController {
    private let gachaBuilder: GachaBuildable
    private let shopBuilder: ShopBuildable

    public init(gachaBuilder: GachaBuildable, shopBuilder: ShopBuildable) {
        self.gachaBuilder = gachaBuilder
        self.shopBuilder = shopBuilder
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    func openShop() {
        show(shopBuilder.build(), sender: self)
    }

    func openBanner(_ bannerID: String) {
        show(gachaBuilder.build(bannerID: bannerID), sender: self)
    }

    #if DEBUG
    /// Debug menu shortcut: builds Gacha directly instead of using the injected builder.
    func openDebugGacha() {
        present(GachaBuilder().build(bannerID: "debug"), animated: true)
    }
    #endif
}
