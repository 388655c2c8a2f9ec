import Child
import RIBs

protocol RootInteractable: Interactable, ChildListener {}

final class RootRouter: LaunchRouter<RootInteractable, RootViewControllable> {
    private let childBuilder: ChildBuildable

    init(interactor: RootInteractable, viewController: RootViewControllable, childBuilder: ChildBuildable) {
        self.childBuilder = childBuilder
        super.init(interactor: interactor, viewController: viewController)
        interactor.router = self
    }

    override func didLoad() {
        super.didLoad()
        attachChild(childBuilder.build(withListener: interactor))
    }
}
