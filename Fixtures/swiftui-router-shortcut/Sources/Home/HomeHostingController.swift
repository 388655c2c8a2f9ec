import Navigation
import SwiftUI
import UIKit

final class HomeHostingController: UIHostingController<HomeView>, ViewControllable {
    private weak var homeRouter: HomeRouter?

    init(rootView: HomeView, router: HomeRouter) {
        self.homeRouter = router
        super.init(rootView: rootView)
    }

    @MainActor required dynamic init?(coder: NSCoder) {
        nil
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        homeRouter?.detach()
    }
}
