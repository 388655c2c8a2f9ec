import NeedleFoundation
import UIKit

@main
final class SampleAppDelegate: UIResponder, UIApplicationDelegate {
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        registerProviderFactories()
        _ = AppComponent().loggedOutComponent.loginFlow
        return true
    }
}
