import RIBs
import UIKit

protocol SettingsPresentableListener: AnyObject {}

final class SettingsViewController: UIViewController, SettingsPresentable, SettingsViewControllable {
    weak var listener: SettingsPresentableListener?
}
