import UIKit
import GachaInterface
import ShopInterface

/// The shop links to the gacha banner it sells tickets for, through Gacha's interface only.
public final class ShopBuilder: ShopBuildable {
    private let gachaBuilder: GachaBuildable

    public init(gachaBuilder: GachaBuildable) {
        self.gachaBuilder = gachaBuilder
    }

    public func build() -> UIViewController {
        let shop = UIViewController()
        shop.addChild(gachaBuilder.build(bannerID: "shop-featured"))
        return shop
    }
}
