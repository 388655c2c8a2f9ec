import Legacy
import NeedleFoundation
import Shop

final class RootComponent: BootstrapComponent {
    var cart: String { "cart" }

    var shopComponent: ShopComponent { ShopComponent(parent: self) }
    var legacyComponent: LegacyComponent { LegacyComponent(parent: self) }
}
