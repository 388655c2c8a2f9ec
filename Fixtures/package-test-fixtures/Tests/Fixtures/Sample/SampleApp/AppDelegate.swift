import Networking
import UIKit

// Test data: imports a module its target doesn't declare.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {}
