import UIKit
import Core

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    let session = UserSession(userID: "guest")

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
    }
}
