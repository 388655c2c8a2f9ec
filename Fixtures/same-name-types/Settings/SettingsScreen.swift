import LegacyProfile
import UIKit

protocol SettingsRouting: AnyObject {
    func routeToAbout()
}

final class SettingsScreen: BaseScreen {
    weak var router: SettingsRouting?
}

extension ProfileView {
    func close() {
        router.dismiss()
    }
}
