import BaseFeature
import ProfileFeature

public final class SettingsViewController: BaseViewController {
    let profile = ProfileViewController()
}
