import NeedleFoundation
import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    private let rootComponent = RootComponent()

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        registerProviderFactories()
        return true
    }
}
