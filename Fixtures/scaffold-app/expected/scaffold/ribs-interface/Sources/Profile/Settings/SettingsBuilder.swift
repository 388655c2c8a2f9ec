import FeatureInterfaces
import RIBs

/// Builds the router, interactor and view controller of Settings from its Needle component.
final class SettingsBuilder: Builder<SettingsComponent>, SettingsBuildable {
    func build(withListener listener: SettingsListener) -> ViewableRouting {
        let viewController = SettingsViewController()
        let interactor = SettingsInteractor(presenter: viewController)
        interactor.listener = listener
        return SettingsRouter(interactor: interactor, viewController: viewController)
    }
}
