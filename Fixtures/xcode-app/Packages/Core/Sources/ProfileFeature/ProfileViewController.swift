import Core
import Networking
import SettingsFeature
import UIKit

/// Opens the settings screen directly: a feature importing another feature's implementation.
public final class ProfileViewController: UIViewController {
    public static let previewTitle = "Profile"
    private let client = APIClient(baseURL: "https://api.example.com")

    public func openSettings() {
        navigationController?.pushViewController(SettingsViewController(session: UserSession(userID: "me")), animated: true)
    }
}
