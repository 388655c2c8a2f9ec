import Navigation

protocol HomeListener: AnyObject {
    func didTapRefresh()
}

final class HomeInteractor: HomeListener {
    var router: HomeRouting?

    func didTapRefresh() {}
}

final class HomeBuilder {
    func build() -> HomeRouting {
        let interactor = HomeInteractor()
        let router = HomeRouter()
        interactor.router = router
        let view = HomeView(router: router, listener: interactor)
        router.viewController = HomeHostingController(rootView: view, router: router)
        return router
    }
}
