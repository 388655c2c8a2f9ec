import FeatureInterfaces
import RIBs

public final class ProfileBuilder: Builder<ProfileComponent>, ProfileBuildable {
    public func build() -> ViewableRouting {
        let viewController = ProfileViewController()
        return ViewableRouter<Interactable, ViewControllable>(
            interactor: Interactor(), viewController: viewController)
    }
}
