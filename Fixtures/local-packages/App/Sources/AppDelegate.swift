import UIKit
import Networking
import Storage
import HomeFeature
import ProfileFeature

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        let client = APIClient()
        let home = HomeBuilder(client: client)
        window = UIWindow(frame: UIScreen.main.bounds)
        window?.rootViewController = ProfileViewController(store: ProfileStore(client: client), homeBuilder: home)
        window?.makeKeyAndVisible()
        return true
    }
}
