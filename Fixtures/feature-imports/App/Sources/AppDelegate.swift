import UIKit
import GachaFeature
import HomeFeature
import ShopFeature

/// The composition root: the only place that knows every feature's implementation.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let gacha = GachaBuilder()
        let shop = ShopBuilder(gachaBuilder: gacha)
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = HomeViewController(gachaBuilder: gacha, shopBuilder: shop)
        window?.makeKeyAndVisible()
        return true
    }
}
