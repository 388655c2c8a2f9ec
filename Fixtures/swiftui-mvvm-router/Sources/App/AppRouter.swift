import Observation
import SwiftUI

enum Route: Hashable {
    case note(id: Int)
    case settings
}

/// Owns the navigation stack; views push routes on it.
@Observable
final class AppRouter {
    var path = NavigationPath()

    func push(_ route: Route) {
        path.append(route)
    }

    func popToRoot() {
        path = NavigationPath()
    }
}
