import Navigation

final class HomeRouter: HomeRouting {
    var viewController: HomeHostingController?

    func routeToProfile() {}

    func detach() {
        viewController = nil
    }
}
