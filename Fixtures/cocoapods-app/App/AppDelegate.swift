import UIKit
import Core
import Kit
import Alamofire
import KitDebugTools
import Settings

final class AppDelegate: UIResponder, UIApplicationDelegate {
    let greeter = Greeter()
    let client = KitClient(session: Session.default)
    let store = SettingsStore()
    let console = DebugConsole()
}
