import UIKit
import HomeFeature

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {}
