import ProfileKit
import UIKit

protocol HomeRouting: AnyObject {
    func routeToProfile()
}

final class HomeScreen: BaseScreen {
    weak var router: HomeRouting?
}

extension ProfileView {
    func openDetails() {
        router.push("details")
    }
}
