import UIKit
import Core

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    let greeter = Greeter()
}
